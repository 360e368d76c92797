// One reading of port numbers for the CLI, the environment, saved preferences, IPC and the window.
import { describe, expect, it } from 'vitest';
import { readPort } from '../../src-shared/port.ts';

describe('readPort', () => {
  it('takes whole numbers and their text, 0 meaning any free port', () => {
    expect(readPort(8417)).toEqual({ ok: true, port: 8417 });
    expect(readPort(' 9000 ')).toEqual({ ok: true, port: 9000 });
    expect(readPort('0')).toEqual({ ok: true, port: 0 });
    expect(readPort(80)).toEqual({ ok: true, port: 80 });
  });

  it('refuses anything else with one sentence', () => {
    for (const bad of [65_536, -1, 1.5, '80x', '', ' ', '1e3', '065536', null, undefined, {}, Number.NaN, '99999']) {
      expect(readPort(bad)).toEqual({ ok: false, problem: 'a port is a whole number from 0 to 65535' });
    }
  });

  it('keeps a person away from system ports when asked to', () => {
    expect(readPort(80, { userPortsOnly: true })).toEqual({
      ok: false,
      problem: 'port 80 is reserved for system services: choose one from 1024 to 65535 (or 0 for any free port)',
    });
    expect(readPort('0', { userPortsOnly: true })).toEqual({ ok: true, port: 0 });
    expect(readPort(1024, { userPortsOnly: true })).toEqual({ ok: true, port: 1024 });
    expect(readPort(70_000, { userPortsOnly: true })).toEqual({
      ok: false,
      problem: 'a port is a whole number from 1024 to 65535 (or 0 for any free port)',
    });
  });
});
