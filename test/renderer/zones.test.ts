// @vitest-environment node
// The window's rooms, as the lint config (eslint.config.js) draws them: a feature imports no other
// feature and not the app shell, which composes them; the shared parts (api, components, data,
// lib) import no feature. Each import below is judged by the rule the config resolves for that
// very file, so the test reads the real config, not a copy of it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The messages `no-restricted-imports`, as configured for `file`, gives `import x from '<spec>'`. */
async function refusals(file: string, spec: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, Linter.RuleEntry> };
  const rule = config.rules['no-restricted-imports'];
  if (rule === undefined) throw new Error(`no import rule for ${file}`);
  const messages = new Linter().verify(
    `import x from '${spec}';\nexport default x;\n`,
    [{ files: ['**/*.ts*'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-imports': rule } }],
    join(ROOT, file),
  );
  return messages.map((m) => m.message);
}

const FEATURES = readdirSync(join(ROOT, 'src-renderer/features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('the window’s lint zones', () => {
  it('a feature imports no other feature (the ledger once imported the CSV import)', async () => {
    expect(await refusals('src-renderer/features/ledger/LedgerPanel.tsx', '../import/CsvImport.tsx')).toEqual([
      expect.stringMatching(/features\/ledger does not import another feature/),
    ]);
    expect(await refusals('src-renderer/features/import/ImportPreview.tsx', '../ledger/ledger-words.ts')).toHaveLength(
      1,
    );
    expect(await refusals('src-renderer/features/dashboard/Deep/Probe.tsx', '../../alerts/alert-data.ts')).toHaveLength(
      1,
    );
  });

  it('every feature folder has its zone, against every other feature', async () => {
    expect(FEATURES.length).toBeGreaterThan(5);
    for (const feature of FEATURES)
      for (const other of FEATURES.filter((f) => f !== feature))
        expect(
          await refusals(`src-renderer/features/${feature}/Probe.tsx`, `../${other}/Any.tsx`),
          `${feature} -> ${other}`,
        ).toHaveLength(1);
  });

  it('a feature imports its own files and the shared parts', async () => {
    for (const spec of [
      './EntryForm.tsx',
      '../../lib/ledger-words.ts',
      '../../components/Field.tsx',
      '../../data/writes.ts',
      '../../api/client.ts',
      '../../../src-shared/app-requests.ts',
      'react',
    ])
      expect(await refusals('src-renderer/features/ledger/Probe.tsx', spec), spec).toEqual([]);
  });

  it('nothing the shell composes imports the shell', async () => {
    expect(await refusals('src-renderer/features/onboarding/StoreNote.tsx', '../../app/VaultNote.tsx')).toHaveLength(1);
    expect(await refusals('src-renderer/components/Probe.tsx', '../App.tsx')).toHaveLength(1);
    expect(await refusals('src-renderer/app/AccountPanels.tsx', '../features/import/CsvImport.tsx')).toEqual([]);
  });

  it('the shared parts import no feature', async () => {
    for (const room of ['api', 'components', 'data', 'lib'])
      expect(await refusals(`src-renderer/${room}/Probe.ts`, '../features/ledger/EntryForm.tsx'), room).toHaveLength(1);
  });

  it('the window still never imports the main process or electron', async () => {
    expect(await refusals('src-renderer/features/ledger/Probe.tsx', '../../../src-main/store/db.ts')).toHaveLength(1);
    expect(await refusals('src-renderer/lib/Probe.ts', 'electron')).toHaveLength(1);
  });
});
