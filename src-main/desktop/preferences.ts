// The desktop app's own small settings (the local API port chosen in the app), in a JSON file in
// the data folder. A missing or damaged file means defaults: it is never worth refusing to start.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DesktopPreferences {
  apiPort?: number;
}

export function preferencesPath(dataDir: string): string {
  return join(dataDir, 'desktop.json');
}

export function readPreferences(dataDir: string): DesktopPreferences {
  try {
    const value: unknown = JSON.parse(readFileSync(preferencesPath(dataDir), 'utf8'));
    if (typeof value !== 'object' || value === null) return {};
    const port = (value as Record<string, unknown>).apiPort;
    return typeof port === 'number' && Number.isInteger(port) && port >= 0 && port <= 65_535 ? { apiPort: port } : {};
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

/** Which port to use: ACCOUNT_MONITOR_PORT wins (scripts rely on it), then the app's choice, then the default. */
export function chooseApiPort(env: NodeJS.ProcessEnv, preferences: DesktopPreferences, defaultPort: number): number {
  const fromEnv = env.ACCOUNT_MONITOR_PORT?.trim();
  if (fromEnv !== undefined && /^\d{1,5}$/.test(fromEnv) && Number(fromEnv) <= 65_535) return Number(fromEnv);
  return preferences.apiPort ?? defaultPort;
}
