// Runs the BUILT Electron main (out/main/index.js, from `npm run build:desktop`) under plain Node
// with 'electron' resolved to a recording fake (fake-electron.ts), to check what only the bundle
// can get wrong: externalized native modules resolve from out/main (the keychain probe, SQLite),
// the preload path, the renderer folder, the tray icons, the CSV import's worker entry. The suite "desktop-bundle"
// (scripts/suites/electron.ts) runs it:
//   node --import ./test/desktop/bundle-smoke.ts out/main/index.js
// It prints each check and writes { passed, failed, checks } to $AM_BUNDLE_REPORT when set.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const fake = pathToFileURL(join(import.meta.dirname, 'fake-electron-module.ts')).href;
// How many times the resolver's second stage (its own chunk, loaded on first need) was loaded.
let phraseStageLoads = 0;
registerHooks({
  resolve: (specifier, context, nextResolve) => {
    if (specifier === 'electron') return { url: fake, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    if (/[\\/]phrase-stage-[^\\/]*\.js$/.test(resolved.url)) phraseStageLoads++;
    return resolved;
  },
});

// A throwaway data folder and any free port, unless the caller chose them.
const ownDataDir =
  process.env.ACCOUNT_MONITOR_DATA_DIR === undefined ? mkdtempSync(join(tmpdir(), 'am-bundle-')) : undefined;
if (ownDataDir !== undefined) process.env.ACCOUNT_MONITOR_DATA_DIR = ownDataDir;
process.env.ACCOUNT_MONITOR_PORT ??= '0';

const { recorded } = await import('./fake-electron.ts');

async function report(): Promise<void> {
  const window = recorded.windows[0];
  const handler = recorded.protocolHandlers.get('app');
  const page = handler ? await handler(new Request('app://account-monitor/')) : undefined;
  const html = page ? await page.text() : '';
  const status = handler
    ? ((await (await handler(new Request('app://account-monitor/app/status'))).json()) as {
        vault?: { mode?: string; reason?: string };
        api?: { listening?: boolean };
      })
    : {};
  // A file over the inline size goes to the import worker, which the bundle must have built.
  const lines = Array.from(
    { length: 3000 },
    (_, i) => `2025-01-01 00:00:${String(i % 60).padStart(2, '0')},1,topup,bundle ${i}`,
  );
  const post = (path: string, type: string, body: string): Promise<Response> | undefined =>
    handler?.(new Request(`app://account-monitor${path}`, { method: 'POST', headers: { 'Content-Type': type }, body }));
  const demo = await post('/app/demo', 'application/json', '');
  const demoId = demo?.ok === true ? ((await demo.json()) as { account?: { id?: number } }).account?.id : undefined;
  const imported = await post(
    `/app/accounts/${String(demoId)}/import`,
    'text/csv',
    `at,amount,kind,note\n${lines.join('\n')}\n`,
  );
  const importText = imported ? await imported.text() : '';
  // The resolver's second stage: not loaded by the start, the window's first answers, a demo or
  // a text stage 1 reads; loaded by the first text only it reads, which it then reads.
  const resolveText = async (text: string): Promise<{ stage?: string; understood?: boolean }> => {
    const r = await handler?.(new Request(`app://account-monitor/app/resolve?text=${encodeURIComponent(text)}`));
    return r?.ok === true ? ((await r.json()) as { stage?: string; understood?: boolean }) : {};
  };
  const loadsAtStart = phraseStageLoads;
  const byStageOne = await resolveText('tomorrow 09:00');
  const loadsAfterStageOne = phraseStageLoads;
  const byStageTwo = await resolveText('the day after tomorrow');
  // The scripts the page loads before it draws (its entry and what it preloads), as the window
  // gets them: minified, as headless mode's are (electron-vite's own default is not), and within
  // issue 36's first-load budget of 120 KB gzipped.
  const firstScripts = await Promise.all(
    [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="\.\/([^"]+)"/g)].map(
      async ([, path]) =>
        Buffer.from(
          await ((await handler?.(new Request(`app://account-monitor/${path ?? ''}`)))?.arrayBuffer() ??
            new ArrayBuffer(0)),
        ),
    ),
  );
  const firstBytes = firstScripts.reduce((n, b) => n + b.length, 0);
  const firstLines = firstScripts.reduce((n, b) => n + b.toString('latin1').split('\n').length, 0);
  const firstGzipped = firstScripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  const preload =
    (window?.options as { webPreferences?: { preload?: string } } | undefined)?.webPreferences?.preload ?? '';
  const tray = recorded.trays[0]?.image ?? '';
  // The keychain's check ran as a utility process from its own bundled entry (whatever the
  // keychain answered here, it must not be a program that failed to load).
  const probe = recorded.utilityProcesses[0]?.modulePath ?? '';
  const checks: [string, boolean, string][] = [
    ['the window loads app://account-monitor/', window?.url === 'app://account-monitor/', String(window?.url)],
    ['the preload script exists', existsSync(preload), preload],
    [
      'app:// serves the built UI',
      page?.status === 200 && html.includes('<div id="root"></div>'),
      String(page?.status),
    ],
    [
      'app:// answers carry the CSP',
      page?.headers.get('content-security-policy')?.includes("script-src 'self'") === true,
      '',
    ],
    [
      "the window's first scripts are minified and at most 120 KB gzipped",
      firstScripts.length > 0 && firstBytes > 0 && firstLines * 1000 < firstBytes && firstGzipped <= 120 * 1024,
      `${String(firstScripts.length)} files, ${String(firstBytes)} bytes in ${String(firstLines)} lines, ${String(firstGzipped)} gzipped`,
    ],
    ['the store and the app API work (status answers)', status.vault?.mode !== undefined, JSON.stringify(status.vault)],
    ['the local API listens', status.api?.listening === true, ''],
    [
      'a big CSV import runs in the bundled worker',
      imported?.status === 200 && importText.includes('"imported":3000'),
      `${imported?.status ?? '-'} ${importText.slice(0, 200)}`,
    ],
    ['the tray icon file exists', existsSync(tray), tray],
    [
      'the keychain check runs as a utility process from its bundled entry',
      probe.endsWith('keychain-probe.js') &&
        existsSync(probe) &&
        !/exited with|Cannot find/.test(status.vault?.reason ?? ''),
      `${probe} ${status.vault?.reason ?? ''}`,
    ],
    [
      "the resolver's second stage is not loaded until a text needs it",
      loadsAtStart === 0 && byStageOne.stage === 'strtotime' && loadsAfterStageOne === 0,
      `${loadsAtStart} ${JSON.stringify(byStageOne)} ${loadsAfterStageOne}`,
    ],
    [
      'it is loaded from its bundled chunk for a text only it reads, and reads it',
      byStageTwo.stage === 'phrase' && byStageTwo.understood === true && phraseStageLoads === 1,
      `${JSON.stringify(byStageTwo)} ${phraseStageLoads}`,
    ],
    ['no start-up error', recorded.errorBoxes.length === 0, recorded.errorBoxes.join(' | ')],
  ];
  for (const [name, ok, detail] of checks)
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail === '' ? '' : ` (${detail})`}\n`);
  const passed = checks.filter(([, ok]) => ok).length;
  const result = { passed, failed: checks.length - passed, checks: checks.map(([name, ok]) => ({ name, ok })) };
  if (process.env.AM_BUNDLE_REPORT !== undefined) writeFileSync(process.env.AM_BUNDLE_REPORT, JSON.stringify(result));
  if (ownDataDir !== undefined) rmSync(ownDataDir, { recursive: true, force: true });
  process.exit(result.failed === 0 ? 0 : 1);
}

const deadline = Date.now() + 20_000;
const timer = setInterval(() => {
  const ready = recorded.windows[0]?.url !== undefined && recorded.trays[0] !== undefined;
  if (!ready && recorded.errorBoxes.length === 0 && Date.now() < deadline) return;
  clearInterval(timer);
  // The main process shows the window only after the local API has started: nothing more to wait for.
  void report();
}, 50);
