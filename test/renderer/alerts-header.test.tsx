// The header as a keyboard user and a reader meet it (against the real service): the first Tab
// on a loaded page reaches the skip link, and the account is named once.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { accountInUse, installBrowserStubs, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

describe('the header', () => {
  it('lets the first Tab of a loaded page land on the skip link', async () => {
    service = realService();
    await accountInUse(service, 'Home');
    render(<App />);
    await screen.findByTestId('balance-now');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  });

  it('names one account once, and several only in the switcher', async () => {
    service = realService();
    await accountInUse(service, 'Home');
    render(<App />);
    const header = await screen.findByRole('banner');
    expect(await within(header).findAllByText(/Home/)).toHaveLength(1);
    expect(within(header).getByText('Account: Home')).toBeInTheDocument();
    cleanup();

    await accountInUse(service, 'Work');
    render(<App />);
    const again = await screen.findByRole('banner');
    expect(await within(again).findByLabelText('Account')).toHaveDisplayValue('Home');
    expect(within(again).queryByText(/^Account: /)).not.toBeInTheDocument();
  });
});
