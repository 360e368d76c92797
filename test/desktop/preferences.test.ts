import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseApiPort,
  preferencesPath,
  readPreferences,
  writePreferences,
} from '../../src-main/desktop/preferences.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-prefs-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('desktop preferences', () => {
  it('reads defaults from a missing, damaged or odd file', () => {
    expect(readPreferences(dir)).toEqual({});
    writeFileSync(preferencesPath(dir), '{"apiPort": 90');
    expect(readPreferences(dir)).toEqual({});
    writeFileSync(preferencesPath(dir), '{"apiPort": 70000}');
    expect(readPreferences(dir)).toEqual({});
    writeFileSync(preferencesPath(dir), 'null');
    expect(readPreferences(dir)).toEqual({});
  });
  it('writes and reads back the chosen port, creating the folder', () => {
    const nested = join(dir, 'a', 'b');
    writePreferences(nested, { apiPort: 9123 });
    expect(readPreferences(nested)).toEqual({ apiPort: 9123 });
    expect(JSON.parse(readFileSync(preferencesPath(nested), 'utf8'))).toEqual({ apiPort: 9123 });
  });
  it("lets ACCOUNT_MONITOR_PORT win over the app's choice, and that over the default", () => {
    expect(chooseApiPort({ ACCOUNT_MONITOR_PORT: '9001' }, { apiPort: 9002 }, 8417)).toBe(9001);
    expect(chooseApiPort({}, { apiPort: 9002 }, 8417)).toBe(9002);
    expect(chooseApiPort({ ACCOUNT_MONITOR_PORT: 'junk' }, {}, 8417)).toBe(8417);
  });
});
