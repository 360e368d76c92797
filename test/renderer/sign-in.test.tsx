// A browser tab in headless mode and its access token: taken once from the printed address and
// dropped from it, kept for the tab (sessionStorage, never a cookie), sent as a bearer header on
// every request, asked for with a form when missing or refused.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import {
  accessToken,
  forgetToken,
  keepToken,
  takeTokenFromAddress,
  tokenFromText,
} from '../../src-renderer/api/access-token.ts';
import { installBrowserStubs, realService, TOKEN, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
  forgetToken();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
  forgetToken();
});

function inBrowser(): RealService {
  service = realService();
  service.withoutToken = true;
  return service;
}

const field = (): HTMLElement => screen.getByLabelText('Access token, or the address the service printed');

describe('the access token in a browser tab', () => {
  it('is read from the token alone, or from the whole printed address', () => {
    expect(tokenFromText(`  ${TOKEN}  `)).toBe(TOKEN);
    expect(tokenFromText(`http://127.0.0.1:8417/?token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromText(`http://127.0.0.1:8417/?a=1&token=${encodeURIComponent('a+b/c')}#x`)).toBe('a+b/c');
    expect(tokenFromText('http://127.0.0.1:8417/#token=abc')).toBe('abc');
    expect(tokenFromText('')).toBeUndefined();
    expect(tokenFromText('has spaces inside')).toBeUndefined();
    expect(tokenFromText('http://127.0.0.1:8417/?token=')).toBeUndefined();
  });

  it('is taken out of the address, which keeps everything else', () => {
    window.history.replaceState(null, '', `/?view=ledger&token=${TOKEN}#ledger`);
    expect(takeTokenFromAddress()).toBe(true);
    expect(accessToken()).toBe(TOKEN);
    expect(window.location.search).toBe('?view=ledger');
    expect(window.location.hash).toBe('#ledger');
    expect(sessionStorage.getItem('account-monitor.access-token')).toBe(TOKEN);
    expect(document.cookie).toBe('');
    window.history.replaceState(null, '', '/');
    expect(takeTokenFromAddress()).toBe(false);
  });

  it('the sign-in form takes the printed address, then every request carries the token as a bearer header', async () => {
    const s = inBrowser();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Sign in to Account Monitor' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Account Monitor' }));
    expect(await screen.findByText('Paste the token or the address first.')).toBeInTheDocument();
    expect(field()).toHaveFocus();
    await userEvent.type(field(), `http://127.0.0.1:8417/?token=${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Open Account Monitor' }));
    expect(await screen.findByRole('heading', { name: 'Set up Account Monitor' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start with demo data' }));
    await userEvent.click(await screen.findByRole('button', { name: "I've saved it" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const signedIn = s.calls.slice(s.calls.findIndex((c) => c.authorization !== null));
    expect(signedIn.length).toBeGreaterThan(3);
    expect(signedIn.every((c) => c.authorization === `Bearer ${TOKEN}`)).toBe(true);
    // Changes go as JSON, also those without a body.
    expect(signedIn.find((c) => c.method === 'POST' && c.path === 'app/demo')).toBeDefined();
  });

  it('a token the service no longer takes is dropped, and the page asks for the new one', async () => {
    inBrowser();
    keepToken('an-old-token-from-before');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'The access token was not accepted' })).toBeInTheDocument();
    expect(accessToken()).toBeUndefined();
    await userEvent.type(field(), TOKEN);
    await userEvent.click(screen.getByRole('button', { name: 'Open Account Monitor' }));
    expect(await screen.findByRole('heading', { name: 'Set up Account Monitor' })).toBeInTheDocument();
  });
});
