// What the Windows specs share: the prefix made by global-setup.ts, the user's data folder (a
// Windows path with a space and a non-ASCII letter), and the checkout's `serve` run by Windows'
// Node with the same fixed clock and zone as the Linux browser suite.
import { test as base } from '@playwright/test';
import { rmSync } from 'node:fs';
import { NOW, ZONE } from '../e2e/server.ts';
import { hostPath, runCli, startNode, CLI, wineFromEnv, type RunningNode, type WineNode } from './wine.ts';

export { expect } from '@playwright/test';
export { NOW, ZONE };

/** The data folder of a Windows user whose name has a space and a non-ASCII letter. */
export const ZOE_DATA = 'C:\\Users\\Zoë Test\\AppData\\Roaming\\Account Monitor';

/** The app's settings for every run: Wine's own zone is Atlantic/Reykjavik, so it is always given. */
export function appEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ACCOUNT_MONITOR_NOW: NOW, ACCOUNT_MONITOR_TZ: ZONE, ...extra };
}

/** Removes a folder of the prefix's C: drive, so a test starts from none. */
export function removeFolder(wine: WineNode, windowsPath: string): void {
  rmSync(hostPath(wine, windowsPath), { recursive: true, force: true });
}

export interface WindowsServer {
  /** e.g. http://127.0.0.1:41234/ */
  base: string;
  /** The printed UI address, with the token in its fragment. */
  ui: string;
  token: string;
  node: RunningNode;
}

/**
 * `serve --port 0` under Windows' Node on `dataDir` (the default folder when undefined), with the
 * token it keeps there unless `env` sets one.
 */
export async function startWindowsServer(
  wine: WineNode,
  dataDir: string | undefined,
  env: NodeJS.ProcessEnv = {},
): Promise<WindowsServer> {
  const args = [CLI, 'serve', '--port', '0', ...(dataDir === undefined ? [] : ['--data-dir', dataDir])];
  const node = startNode(wine, args, { env: appEnv(env) });
  try {
    const [, ui = ''] = await node.waitFor(/^UI: (http:\/\/\S+)$/m);
    const [, base = ''] = await node.waitFor(/^listening on (http:\/\/\S+)$/m);
    return { base, ui, token: new URLSearchParams(new URL(ui).hash.slice(1)).get('token') ?? '', node };
  } catch (error) {
    await node.kill();
    throw error;
  }
}

/** The CLI under Windows' Node with the fixed clock and zone; throws with its stderr when it fails. */
export function cliOk(wine: WineNode, args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): string {
  const run = runCli(wine, args, { env: appEnv(env), ...(cwd === undefined ? {} : { cwd }) });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no test-scoped fixtures, only the worker's prefix
export const test = base.extend<{}, { wine: WineNode }>({
  wine: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; none here
    async ({}, use) => {
      await use(wineFromEnv());
    },
    { scope: 'worker' },
  ],
});
