// Electron exits that `npm start` can explain in one line instead of a bare exit code.
//
// On Linux with unprivileged user namespaces restricted (Ubuntu 23.10 and later, through
// AppArmor), Chromium's namespace sandbox cannot start, and it falls back to the SUID helper
// `chrome-sandbox`, which npm installs neither owned by root nor setuid: Electron aborts before
// any of our code runs (electron/electron#42510). The installed .deb ships an AppArmor profile;
// a development copy needs the helper set up once (docs/desktop.md says how).
import { join } from 'node:path';

export interface ElectronExitProblem {
  reason: string;
  fix: string;
}

const SANDBOX = [/SUID sandbox helper binary was found, but is not configured correctly/i, /No usable sandbox!/i];

/** Why Electron stopped at start-up, when its output says so; undefined for any other exit. */
export function explainElectronExit(
  code: number | null,
  stderrTail: string,
  electronDist: string,
): ElectronExitProblem | undefined {
  if (code === 0) return undefined;
  if (SANDBOX.some((pattern) => pattern.test(stderrTail))) {
    const helper = join(electronDist, 'chrome-sandbox');
    return {
      reason:
        "Electron's sandbox cannot start on this Linux, which restricts unprivileged user namespaces (Ubuntu 23.10 and later; electron/electron#42510)",
      fix: `sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}' (once; docs/desktop.md, "Starting it", gives the AppArmor alternative)`,
    };
  }
  return undefined;
}
