// Runs a script in a child process of this Node, as an ES module, for a check that needs a
// process of its own (V8 flags set while it runs, its heap, its compilers).
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * Runs `script` (an ES module that writes one JSON value to stdout) in a child process of this
 * Node; the value. Its stderr must be empty but for Node's warnings about experimental features
 * (type stripping, which imports of the sources need under Node 22).
 */
export function childScriptJson(script: string): unknown {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
  return JSON.parse(run.stdout) as unknown;
}
