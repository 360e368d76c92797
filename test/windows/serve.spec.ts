// `serve` on Windows: a data folder whose path has a space and a non-ASCII letter, the default
// folder from env-paths, the UI's files, the token file, running.json and the data-folder rules.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostPath, runCli, runNode } from './wine.ts';
import { appEnv, cliOk, expect, removeFolder, startWindowsServer, test, ZOE_DATA, ZONE } from './fixtures.ts';

test('serve on a Windows folder with a space and a non-ASCII letter: made, named, its UI files served', async ({
  wine,
}) => {
  removeFolder(wine, ZOE_DATA);
  const server = await startWindowsServer(wine, ZOE_DATA);
  try {
    const log = server.node.stderr();
    expect(log).toContain(`data in ${ZOE_DATA}, zone ${ZONE}`);
    // What Windows has instead of D-Bus, in one line.
    expect(log).toMatch(/^desktop notifications: on Windows they come from the desktop app/m);
    expect(log).not.toMatch(/D-Bus/);
    const folder = hostPath(wine, ZOE_DATA);
    expect(existsSync(`${folder}/account-monitor.sqlite`)).toBe(true);

    // The page and every script and style it names, with their types, without a token.
    const page = await fetch(server.base);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThan(0);
    expect(assets.filter((a) => a.endsWith('.css')).length).toBeGreaterThan(0);
    for (const asset of assets) {
      const answer = await fetch(new URL(asset, server.base));
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('content-type'), asset).toMatch(
        asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      );
    }
  } finally {
    await server.node.kill();
  }
});

test('the token file and running.json: kept across a restart, a second serve points at the first', async ({ wine }) => {
  removeFolder(wine, ZOE_DATA);
  const folder = hostPath(wine, ZOE_DATA);
  const first = await startWindowsServer(wine, ZOE_DATA);
  let second;
  try {
    // The token is kept in the folder (no POSIX modes to check on Windows).
    expect(readFileSync(`${folder}/access-token`, 'utf8').trim()).toBe(first.token);
    const running = JSON.parse(readFileSync(`${folder}/running.json`, 'utf8')) as { pid: number; url: string };
    expect(running.url).toBe(first.base);
    // A second serve on the same folder names the first instead of starting.
    const again = runCli(wine, ['serve', '--port', '0', '--data-dir', ZOE_DATA], { env: appEnv() });
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(`account-monitor: Account Monitor is already running: UI at ${first.base}`);
  } finally {
    // Windows ends a process from outside at once (no handler runs): running.json stays behind.
    await first.node.kill();
  }
  expect(existsSync(`${folder}/running.json`)).toBe(true);
  try {
    // The file of a process that is gone is ignored; the kept token is used again.
    second = await startWindowsServer(wine, ZOE_DATA);
    expect(second.token).toBe(first.token);
    const running = JSON.parse(readFileSync(`${folder}/running.json`, 'utf8')) as { url: string };
    expect(running.url).toBe(second.base);
    const answer = await fetch(new URL('/app/accounts', second.base), {
      headers: { Authorization: `Bearer ${second.token}` },
    });
    expect(answer.status).toBe(200);
  } finally {
    await second?.node.kill();
  }
});

test('with no folder given, the default is env-paths’ folder under %LOCALAPPDATA%', async ({ wine }) => {
  const local = runNode(wine, ['-p', 'process.env.LOCALAPPDATA']).stdout.trim();
  expect(local).toMatch(/^C:\\users\\[^\\]+\\AppData\\Local$/i);
  const expected = `${local}\\account-monitor\\Data`;
  removeFolder(wine, expected);
  const server = await startWindowsServer(wine, undefined);
  try {
    expect(server.node.stderr()).toContain(`data in ${expected}, zone`);
    expect(existsSync(`${hostPath(wine, expected)}/account-monitor.sqlite`)).toBe(true);
  } finally {
    await server.node.kill();
  }
});

test('the data-folder rules on Windows: a file in its place is refused in one line, a relative one is resolved', ({
  wine,
}) => {
  const notAFolder = 'C:\\Users\\Zoë Test\\not a folder';
  removeFolder(wine, notAFolder);
  writeFileSync(hostPath(wine, notAFolder), 'a file');
  const refused = runCli(wine, ['status', '--data-dir', notAFolder], { env: appEnv() });
  expect(refused.status).not.toBe(0);
  expect(refused.stderr.trim().split('\n')).toEqual([`account-monitor: data folder ${notAFolder} is not a folder`]);

  // A relative ACCOUNT_MONITOR_DATA_DIR is resolved once, against the folder the command starts in.
  const cwd = 'C:\\Users\\Zoë Test';
  removeFolder(wine, `${cwd}\\relative data`);
  const key = cliOk(
    wine,
    ['account', 'create', 'Relative'],
    { ACCOUNT_MONITOR_DATA_DIR: 'relative data' },
    hostPath(wine, cwd),
  );
  expect(key.trim()).toMatch(/^\S{16,}$/);
  expect(existsSync(`${hostPath(wine, `${cwd}\\relative data`)}/account-monitor.sqlite`)).toBe(true);
});
