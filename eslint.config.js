// Lint: typescript-eslint's strict, type-checked rules over all TypeScript in the repo, and the
// direction of imports between rooms: only src-main/desktop may import electron (everything else
// runs under plain Node); src-renderer never imports src-main; src-shared imports neither side
// nor Node (the window's bundle and the sandboxed preload load it too).
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
  {
    files: ['src-renderer/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain] }] },
  },
  {
    files: ['src-shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain, noRenderer, noNode] }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
