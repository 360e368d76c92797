import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrites } from '../../src-main/desktop/wiring.ts';

describe('refreshAfterWrites', () => {
  it('refreshes the monitor after a successful /app/ write only', async () => {
    let refreshed = 0;
    const handler = refreshAfterWrites(
      (req) => Promise.resolve(new Response(null, { status: req.url.endsWith('/bad') ? 400 : 200 })),
      () => {
        refreshed++;
      },
    );
    await handler(new Request('app://account-monitor/app/settings', { method: 'PUT', body: '{}' }));
    expect(refreshed).toBe(1);
    await handler(new Request('app://account-monitor/app/settings'));
    await handler(new Request('app://account-monitor/app/bad', { method: 'POST' }));
    await handler(new Request('app://account-monitor/assets/x', { method: 'POST' }));
    expect(refreshed).toBe(1);
  });
});

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
