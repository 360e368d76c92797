// Vitest's global set-up for the node project: the CLI tests spawn bin/account-monitor.js, which
// runs the bundle in out/cli; rebuilt here when any source is newer, so they test these sources.
import { buildCli, cliBundleIsStale } from '../../scripts/build-cli.ts';

export default async function setup(): Promise<void> {
  if (cliBundleIsStale()) await buildCli();
}
