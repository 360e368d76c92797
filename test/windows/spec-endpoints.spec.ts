// The spec's two endpoints answer the same bytes on Windows as on Linux, for the same data and
// clock: the data is made on Windows (`demo`, then every notification setting turned on), copied
// to a Linux folder, and both servers are asked the same questions.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../e2e/server.ts';
import { hostPath } from './wine.ts';
import { cliOk, expect, removeFolder, startWindowsServer, test, ZOE_DATA } from './fixtures.ts';

/** Everything of an answer but its Date header (the wall clock's, not the app's). */
async function answer(base: string, path: string): Promise<string> {
  const response = await fetch(new URL(path, base));
  const headers = [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');
  const body = Buffer.from(await response.arrayBuffer()).toString('base64');
  return JSON.stringify({ status: response.status, headers, body });
}

test('get_balance and get_notification_settings: byte for byte the same as Linux', async ({ wine }) => {
  removeFolder(wine, ZOE_DATA);
  const key = cliOk(wine, ['demo', '--data-dir', ZOE_DATA]).trim();
  cliOk(wine, [
    'settings',
    'set',
    '--key',
    key,
    '--summary',
    'daily,weekly,monthly',
    '--disk',
    '70,80,90',
    '--bandwidth',
    '90',
    '--data-dir',
    ZOE_DATA,
  ]);
  const other = cliOk(wine, ['account', 'create', 'Zoë’s second & <odd> account', '--data-dir', ZOE_DATA]).trim();

  const linuxDir = mkdtempSync(join(tmpdir(), 'am-windows-spec-'));
  cpSync(hostPath(wine, ZOE_DATA), linuxDir, {
    recursive: true,
    filter: (source) => !/(running\.json|access-token)$/.test(source),
  });
  const windows = await startWindowsServer(wine, ZOE_DATA);
  const linux = await startServer(linuxDir);
  try {
    const balance = (k: string, datetime?: string): string =>
      `/account/get_balance/?key=${encodeURIComponent(k)}${datetime === undefined ? '' : `&datetime=${encodeURIComponent(datetime)}`}`;
    const paths = [
      balance(key),
      ...[
        '+1 week',
        '-1 week',
        '1st May 2008',
        '2026-12-25',
        'last day of next month',
        'tomorrow noon',
        '01/07/2027',
        'next monday 09:30',
        '2027-03-28 01:30',
        'not a date at all',
        '',
      ].map((d) => balance(key, d)),
      balance(other, '+3 days'),
      `/account/get_notification_settings/?key=${encodeURIComponent(key)}`,
      `/account/get_notification_settings/?key=${encodeURIComponent(other)}`,
      '/account/get_balance/?key=not-a-key-of-this-app',
      '/account/get_balance/',
      '/account/get_notification_settings/',
      '/account/get_balance',
      '/account/get/',
    ];
    for (const path of paths) {
      expect(await answer(windows.base, path), path).toBe(await answer(linux.base, path));
    }
    // And the answers are real ones, not two equal errors.
    expect(await (await fetch(new URL(balance(key, '+1 week'), windows.base))).text()).toContain(
      '<datetime>2026-11-29 10:35:00</datetime>',
    );
  } finally {
    await windows.node.kill();
    await linux.stop();
    rmSync(linuxDir, { recursive: true, force: true });
  }
});
