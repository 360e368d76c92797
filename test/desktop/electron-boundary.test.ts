// The lint rule's promise checked again over the files themselves: only src-main/desktop imports electron.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the electron boundary', () => {
  it('only src-main/desktop imports electron', () => {
    const root = join(import.meta.dirname, '..', '..');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.tsx?$/.test(name) &&
          /from ['"]electron['"]|require\(['"]electron['"]\)|import\(['"]electron['"]\)/.test(
            readFileSync(path, 'utf8'),
          )
        )
          offenders.push(relative(root, path));
      }
    };
    for (const dir of ['src-main', 'src-renderer']) walk(join(root, dir));
    expect(offenders.length).toBeGreaterThan(0);
    expect(offenders.filter((f) => !f.startsWith(join('src-main', 'desktop')))).toEqual([]);
  });
});
