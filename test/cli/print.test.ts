// @vitest-environment node
// What the CLI prints goes to stdout's descriptor itself (src-main/cli/print.ts): read through a
// pipe, as a status bar or a script reads it, it arrives whole and in order, sets up no stream
// (Node's net and stream modules, a sixth of `status`'s start-up), and a reader that has gone
// away ends the output quietly.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRINT = pathToFileURL(join(import.meta.dirname, '../../src-main/cli/print.ts')).href;

/** Node running `body` (an ES module) with print and write imported, stdout and stderr piped. */
function script(body: string): string[] {
  return ['--input-type=module', '-e', `import { print, write } from ${JSON.stringify(PRINT)};\n${body}`];
}

describe('print', () => {
  it('writes every line whole and in order through a pipe, more than a pipe holds at once', () => {
    const line = 'x'.repeat(999);
    const r = spawnSync(
      process.execPath,
      script(`for (let i = 0; i < 300; i++) print(i + ' ${line}'); write('last, no newline');`),
      { encoding: 'utf8', maxBuffer: 10_000_000 },
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(301);
    expect(lines.slice(0, 300)).toEqual(Array.from({ length: 300 }, (_, i) => `${i} ${line}`));
    expect(lines[300]).toBe('last, no newline');
  });

  it('sets up no stream for stdout', () => {
    // What printing loads, the modules loaded before it aside.
    const r = spawnSync(
      process.execPath,
      script(
        [
          'const before = new Set(process.moduleLoadList);',
          "print('£54.95 ok');",
          'const added = process.moduleLoadList.filter((m) => !before.has(m));',
          "process.getBuiltinModule('node:fs').writeSync(2, added.join(',') || 'none');",
        ].join('\n'),
      ),
      { encoding: 'utf8' },
    );
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '£54.95 ok\n', 'none']);
  });

  it('stops quietly when the reader has gone (EPIPE, ECONNRESET)', async () => {
    const child = spawn(
      process.execPath,
      script("for (let i = 0; i < 100000; i++) print('a line the reader will not read');"),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([0, '']);
  });
});
