// The desktop app takes its data folder as `serve` does (store/instance-lock.ts: one app per
// folder, a lock the OS drops when the process ends) and says in running.json where its UI is:
// the local API's address while it listens. A folder another app holds ends this launch with a
// box saying where that app's UI is. (A second launch of the desktop app itself never gets
// here: Electron's single-instance lock shows the first one's window instead, window.ts.)
import { app, dialog } from 'electron';
import { claimDataFolder, type DataFolderClaim } from '../store/index.ts';

/** The folder for this process, or undefined after saying who has it (the app is then exiting). */
export function holdDataFolder(dataDir: string, log: (line: string) => void): DataFolderClaim | undefined {
  const outcome = claimDataFolder(dataDir, 'desktop');
  if (outcome.held) {
    if (outcome.note !== undefined) log(outcome.note);
    return outcome.claim;
  }
  log(`Account Monitor: ${outcome.message}`);
  dialog.showErrorBox('Account Monitor could not start', outcome.message);
  app.exit(1);
  return undefined;
}
