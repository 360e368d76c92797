// Lint: typescript-eslint's strict, type-checked rules over all TypeScript in the repo, and the
// direction of imports between rooms: only src-main/desktop may import electron (everything else
// runs under plain Node); src-renderer never imports src-main; src-shared imports neither side
// nor Node (the window's bundle and the sandboxed preload load it too). In the window, a feature
// imports no other feature and not the app shell: the shell composes them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noElectron = { name: 'electron', message: 'Only src-main/desktop may import electron.' };
const noMain = {
  group: ['**/src-main/**'],
  message: 'The window and the contract never import the main process: put what both sides need in src-shared.',
};
const noRenderer = {
  group: ['**/src-renderer/**'],
  message: 'src-shared is imported by the window, never the other way round.',
};
const noNode = { group: ['node:*'], message: 'src-shared runs in the window too: no Node built-ins.' };

/** A room of src-main that must not import the rooms named (each room's README says why). */
const mainRoom = (room, forbidden) => ({
  files: [`src-main/${room}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [noElectron],
        patterns: [
          noRenderer,
          {
            group: forbidden.map((r) => `**/${r}/*`),
            message: `src-main/${room} does not import ${forbidden.join(', ')} (see its README).`,
          },
        ],
      },
    ],
  },
});

/** The window's features, one folder each (src-renderer/features): a new one gets its zone too. */
const features = readdirSync(join(import.meta.dirname, 'src-renderer/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noShell = {
  group: ['**/app/*', '**/App.tsx'],
  message: 'The app shell (src-renderer/App.tsx, app/) composes the window: nothing it composes imports it.',
};

/** Files of the window and what they must not import, besides electron and src-main. */
const windowZone = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain, ...patterns] }] },
});

/** A feature imports no other feature: the shell puts them together, and what two share lives in lib/ or components/. */
const featureZone = (feature) =>
  windowZone(
    [`src-renderer/features/${feature}/**`],
    [
      noShell,
      {
        group: features.filter((other) => other !== feature).map((other) => `**/${other}/*`),
        message: `features/${feature} does not import another feature: the app shell composes them (src-renderer/app); what two features share goes in lib/ or components/.`,
      },
    ],
  );

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'coverage',
      'test-results',
      'playwright-report',
      '.test-artifacts',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'bin/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-imports': ['error', { paths: [noElectron] }],
    },
  },
  {
    files: ['src-main/desktop/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  mainRoom('dates', ['store', 'domain', 'service', 'monitor', 'keychain', 'cli', 'desktop', 'provider', 'remote']),
  mainRoom('store', ['domain', 'service', 'monitor', 'keychain', 'cli', 'desktop', 'provider', 'remote']),
  mainRoom('domain', ['service', 'monitor', 'keychain', 'cli', 'desktop', 'provider', 'remote']),
  mainRoom('monitor', ['service', 'store', 'keychain', 'cli', 'desktop', 'provider', 'remote']),
  mainRoom('service', ['monitor', 'keychain', 'cli', 'desktop', 'remote']),
  mainRoom('keychain', ['domain', 'store', 'monitor', 'cli', 'desktop', 'provider', 'remote']),
  mainRoom('provider', ['store', 'domain', 'service', 'monitor', 'keychain', 'cli', 'desktop', 'remote']),
  mainRoom('remote', ['service', 'monitor', 'keychain', 'cli', 'desktop']),
  windowZone(['src-renderer/**'], []),
  ...features.map(featureZone),
  windowZone(
    ['src-renderer/{api,components,data,lib}/**', 'src-renderer/*.ts'],
    [noShell, { group: ['**/features/*'], message: "The window's shared parts import no feature." }],
  ),
  {
    files: ['src-shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain, noRenderer, noNode] }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
