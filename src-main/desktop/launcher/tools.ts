// The project's build tools as `npm start` runs them: each package's JavaScript entry point run by
// this Node (process.execPath), never node_modules/.bin. On Windows .bin holds `.cmd` shims, and
// since Node 18.20.2 and 20.12.2 spawning a `.cmd` without a shell fails with EINVAL
// (CVE-2024-27980); a shell would bring quoting problems of its own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Command {
  command: string;
  args: string[];
}

/** The file a package's `bin` entry names, resolved from the project. */
export function toolEntry(projectRoot: string, packageName: string, binName = packageName): string {
  const manifest = createRequire(join(projectRoot, 'package.json')).resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
  const relative = typeof bin === 'string' ? bin : bin?.[binName];
  if (relative === undefined) throw new Error(`${packageName} has no command ${binName}`);
  return join(dirname(manifest), relative);
}

/** `packageName`'s command with `args`, run by this Node. */
export function toolCommand(projectRoot: string, packageName: string, args: string[], binName?: string): Command {
  return { command: process.execPath, args: [toolEntry(projectRoot, packageName, binName), ...args] };
}
