// The window's "start when I log in" control (desktop app only), against a scripted bridge: it
// shows the main process's answer, switches it, and says when it could not.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LaunchAtLogin } from '../../src-renderer/features/local-api/LaunchAtLogin.tsx';
import type { AccountMonitorDesktop, LaunchAtLoginState } from '../../src-shared/ipc.ts';

afterEach(() => {
  cleanup();
});

function bridge(first: LaunchAtLoginState, set: AccountMonitorDesktop['setLaunchAtLogin']): AccountMonitorDesktop {
  return {
    apiState: vi.fn(),
    setApiPort: vi.fn(),
    launchAtLogin: () => Promise.resolve(first),
    setLaunchAtLogin: set,
  };
}

describe('LaunchAtLogin', () => {
  it('is off by default and turns on and off', async () => {
    const set = vi
      .fn<AccountMonitorDesktop['setLaunchAtLogin']>()
      .mockResolvedValueOnce({ supported: true, enabled: true, problem: null })
      .mockResolvedValueOnce({ supported: true, enabled: false, problem: null });
    render(<LaunchAtLogin bridge={bridge({ supported: true, enabled: false, problem: null }, set)} />);
    const box = await screen.findByRole('checkbox', { name: 'Start Account Monitor when I log in (in the tray)' });
    await vi.waitFor(() => {
      expect(box).toBeEnabled();
    });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(set).toHaveBeenLastCalledWith(true);
    expect(await screen.findByText('Account Monitor will start when you log in, in the tray.')).toBeInTheDocument();
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(set).toHaveBeenLastCalledWith(false);
    expect(await screen.findByText('Account Monitor will not start when you log in.')).toBeInTheDocument();
  });

  it('says why a change did not happen, and where it is not available', async () => {
    const set = vi
      .fn<AccountMonitorDesktop['setLaunchAtLogin']>()
      .mockResolvedValueOnce({ supported: true, enabled: false, problem: 'EACCES: permission denied' });
    render(<LaunchAtLogin bridge={bridge({ supported: true, enabled: false, problem: null }, set)} />);
    const box = await screen.findByRole('checkbox');
    await vi.waitFor(() => {
      expect(box).toBeEnabled();
    });
    await userEvent.click(box);
    expect(await screen.findByText('Not changed: EACCES: permission denied')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    cleanup();
    render(
      <LaunchAtLogin bridge={bridge({ supported: false, enabled: false, problem: 'not available on aix' }, set)} />,
    );
    expect(
      await screen.findByText('Starting at login is not available here (not available on aix).'),
    ).toBeInTheDocument();
  });
});
