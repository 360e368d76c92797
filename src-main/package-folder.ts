// The package's own folder (the one holding package.json), wherever this code runs from: the
// sources (src-main/) and the CLI's bundle (out/cli/, scripts/build-cli.ts) sit at different
// depths, so a path written relative to the module would be right for one of them only.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function packageFolder(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return join(from, '..');
  }
}
