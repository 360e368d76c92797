// The UI's files are found by URL path ('/assets/index-x.js') whatever the OS lists them as: on
// Windows `readdirSync(root, { recursive: true })` gives `assets\index-x.js`, and a listing that
// kept only names of [\w./-] left the page with no script or style (a blank window, and 401 for
// the script in the browser). The Windows listing is given here as Windows gives it; the folder
// itself is a real one, so what is listed is also read and served.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StaticFiles, uiFiles, type Listing } from '../../src-main/service/static.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'am-static-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.cache'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/assets/index-x.js"></script>');
  writeFileSync(join(root, 'assets', 'index-x.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-x.css'), 'a{}');
  writeFileSync(join(root, '.cache', 'secret.json'), '{}');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The folder above as Windows' Node lists it. */
const windows: Listing = {
  entries: [
    'index.html',
    'assets',
    'assets\\index-x.js',
    'assets\\index-x.css',
    '.cache',
    '.cache\\secret.json',
    'assets\\..\\index.html',
    'assets\\a b.js',
  ],
  separator: '\\',
};

describe('the UI files, listed', () => {
  it('as Windows lists them: every file under its URL path with /, nothing hidden or odd', () => {
    const files = uiFiles(root, windows);
    expect([...files.keys()]).toEqual(['/index.html', '/assets/index-x.js', '/assets/index-x.css']);
    // The file on disk is the one the URL names (joined with this OS's separator).
    expect(files.get('/assets/index-x.js')).toBe(join(root, 'assets', 'index-x.js'));
  });

  it('as this OS lists them: the same URL paths', () => {
    expect([...uiFiles(root).keys()].sort()).toEqual(['/assets/index-x.css', '/assets/index-x.js', '/index.html']);
  });

  it('from a folder that is missing: nothing', () => {
    expect(uiFiles(join(root, 'missing')).size).toBe(0);
  });

  it('are served by URL path with their types', async () => {
    const files = new StaticFiles(root);
    const script = files.serve('/assets/index-x.js');
    expect(script?.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await script?.text()).toBe('console.log(1)');
    expect(files.serve('/assets/index-x.css')?.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(files.serve('/.cache/secret.json')).toBeUndefined();
  });

  it('are read when asked for, not kept: a file changed on disk is served as it now is', async () => {
    const files = new StaticFiles(root);
    expect(await files.serve('/assets/index-x.js')?.text()).toBe('console.log(1)');
    writeFileSync(join(root, 'assets', 'index-x.js'), 'console.log(2)');
    expect(await files.serve('/assets/index-x.js')?.text()).toBe('console.log(2)');
  });
});
