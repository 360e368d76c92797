// `npm test` runs every suite without a shell, so no suite may name a node_modules/.bin shim: those
// are shell scripts here and .cmd files on Windows, which Node does not spawn without a shell
// (EINVAL since 18.20.2 and 20.12.2). A tool runs as [this Node, its package's entry point].
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuites } from '../../scripts/suite-list.ts';

const root = join(import.meta.dirname, '../..');
const shims = new Set(readdirSync(join(root, 'node_modules/.bin')));

describe('the suites npm test runs', () => {
  it('name no .bin shim, and every tool they run by Node is a file that exists', async () => {
    const suites = await loadSuites();
    expect(suites.length).toBeGreaterThan(5);
    for (const suite of suites) {
      for (const command of [suite.command, suite.before ?? []]) {
        expect(
          command.filter((word) => shims.has(word)),
          suite.name,
        ).toEqual([]);
        command.forEach((word, i) => {
          const next = command[i + 1];
          if (word === process.execPath && next !== undefined && !next.startsWith('-'))
            expect(existsSync(next), `${suite.name}: ${next}`).toBe(true);
        });
      }
    }
  });
});
