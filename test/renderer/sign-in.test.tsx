// A browser tab in headless mode and its access token: taken once from the printed address and
// dropped from it, kept per origin (localStorage, never a cookie), sent as a bearer header on
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
  takeToken,
  takeTokenFromAddress,
} from '../../src-renderer/api/access-token.ts';
import { TOKEN_META, tokenFromText } from '../../src-shared/access-token.ts';
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
    expect(localStorage.getItem('account-monitor.access-token')).toBe(TOKEN);
    expect(document.cookie).toBe('');
    window.history.replaceState(null, '', '/');
    expect(takeTokenFromAddress()).toBe(false);
  });

  it('is taken from the fragment of the printed address, which is then dropped', () => {
    window.history.replaceState(null, '', `/#token=${TOKEN}`);
    expect(takeTokenFromAddress()).toBe(true);
    expect(accessToken()).toBe(TOKEN);
    expect(window.location.href).toBe(`${window.location.origin}/`);
  });

  it("is taken from the page the service answers the sign-in form's POST with, and the page's entry becomes a plain visit", () => {
    window.history.replaceState(null, '', '/');
    const meta = document.createElement('meta');
    meta.name = TOKEN_META;
    meta.content = TOKEN;
    document.head.append(meta);
    const replaced = vi.spyOn(window.history, 'replaceState');
    takeToken();
    expect(accessToken()).toBe(TOKEN);
    expect(document.querySelector(`meta[name="${TOKEN_META}"]`)).toBeNull();
    expect(replaced).toHaveBeenCalledWith(null, '', `${window.location.origin}/`);
  });

  it('a printed address opened again in the tab (only its fragment changes) is taken, and the page starts over', () => {
    const reload = vi.fn();
    const win = {
      document,
      history: window.history,
      location: { pathname: '/', search: '', hash: '', href: 'http://localhost/', reload },
      addEventListener: (type: string, listener: () => void) => {
        win.listeners.push([type, listener]);
      },
      listeners: [] as [string, () => void][],
    };
    takeToken(win as unknown as Window);
    expect(reload).not.toHaveBeenCalled();
    win.location.hash = '#token=another-token-0123456789';
    for (const [type, listener] of win.listeners) if (type === 'hashchange') listener();
    expect(accessToken()).toBe('another-token-0123456789');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the sign-in form takes the printed address, then every request carries the token as a bearer header', async () => {
    const s = inBrowser();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Sign in to Account Monitor' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Account Monitor' }));
    expect(await screen.findByText('Paste the token or the address first.')).toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(field().closest('form')?.getAttribute('method')).toBe('post');
    await userEvent.type(field(), `http://127.0.0.1:8417/#token=${TOKEN}`);
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
