// The desktop app's own small settings (the local API port chosen in the app, notices already
// given), in a JSON file in the data folder. A missing or damaged file means defaults: it is never
// worth refusing to start.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPort } from '../../src-shared/port.ts';

export interface DesktopPreferences {
  apiPort?: number;
  /** "No tray on this desktop: closing the window quits" was said (once per data folder). */
  noTrayNoticeShown?: boolean;
  /** macOS: start hidden in the menu bar (kept with Launch at login; see login-item.ts). */
  startHidden?: boolean;
}

export function preferencesPath(dataDir: string): string {
  return join(dataDir, 'desktop.json');
}

export function readPreferences(dataDir: string): DesktopPreferences {
  try {
    const value: unknown = JSON.parse(readFileSync(preferencesPath(dataDir), 'utf8'));
    if (typeof value !== 'object' || value === null) return {};
    const fields = value as Record<string, unknown>;
    const saved = readPort(fields.apiPort);
    return {
      ...(saved.ok ? { apiPort: saved.port } : {}),
      ...(fields.noTrayNoticeShown === true ? { noTrayNoticeShown: true } : {}),
      ...(fields.startHidden === true ? { startHidden: true } : {}),
    };
  } catch {
    return {};
  }
}

export function writePreferences(dataDir: string, preferences: DesktopPreferences): void {
  mkdirSync(dataDir, { recursive: true });
  const file = preferencesPath(dataDir);
  // Write then rename, so a crash never leaves half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(preferences, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The "start hidden" preference of the data folder, read and written where it is kept. */
export function startHiddenPreference(dataDir: string): { read(): boolean; write(startHidden: boolean): void } {
  return {
    read: () => readPreferences(dataDir).startHidden === true,
    write: (startHidden) => {
      const preferences = readPreferences(dataDir);
      if (startHidden) preferences.startHidden = true;
      else delete preferences.startHidden;
      writePreferences(dataDir, preferences);
    },
  };
}

/** Which port to use: ACCOUNT_MONITOR_PORT wins (scripts rely on it), then the app's choice, then the default. */
export function chooseApiPort(env: NodeJS.ProcessEnv, preferences: DesktopPreferences, defaultPort: number): number {
  const fromEnv = readPort(env.ACCOUNT_MONITOR_PORT);
  return fromEnv.ok ? fromEnv.port : (preferences.apiPort ?? defaultPort);
}
