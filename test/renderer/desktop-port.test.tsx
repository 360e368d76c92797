import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { checkPort, DesktopPortForm } from '../../src-renderer/features/local-api/DesktopPort.tsx';
import type { AccountMonitorDesktop } from '../../src-shared/ipc.ts';

afterEach(() => {
  cleanup();
});

const state = { listening: true, url: 'http://127.0.0.1:9000/', port: 9000, problem: null };

describe('desktop port form', () => {
  it('checks the port before asking the main process', () => {
    expect(checkPort('9000')).toBe(9000);
    expect(checkPort('0')).toBe(0);
    expect(checkPort('80')).toMatch(/1024 to 65535/);
    expect(checkPort('70000')).toMatch(/1024 to 65535/);
    expect(checkPort('abc')).toBe('A port is a whole number from 1024 to 65535 (or 0 for any free port).');
  });

  it('moves the API and says where; a busy port is a message', async () => {
    const setApiPort = vi
      .fn<AccountMonitorDesktop['setApiPort']>()
      .mockResolvedValueOnce({ ok: true, state })
      .mockResolvedValueOnce({ ok: false, message: 'port 9001 on 127.0.0.1 is already in use', state });
    const onMoved = vi.fn();
    render(
      <DesktopPortForm
        bridge={{ apiState: vi.fn(), setApiPort, launchAtLogin: vi.fn(), setLaunchAtLogin: vi.fn() }}
        onMoved={onMoved}
      />,
    );
    const input = screen.getByLabelText('Local API port');
    await userEvent.type(input, '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Change port' }));
    expect(await screen.findByText('The local API now listens on http://127.0.0.1:9000/.')).toBeInTheDocument();
    expect(onMoved).toHaveBeenCalledOnce();
    await userEvent.clear(input);
    await userEvent.type(input, '9001');
    await userEvent.click(screen.getByRole('button', { name: 'Change port' }));
    expect(await screen.findByText(/Not moved: port 9001 on 127.0.0.1 is already in use/)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '22');
    await userEvent.click(screen.getByRole('button', { name: 'Change port' }));
    expect(await screen.findByText(/1024 to 65535/)).toBeInTheDocument();
    expect(setApiPort).toHaveBeenCalledTimes(2);
  });
});
