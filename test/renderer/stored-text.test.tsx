// Names and notes kept before the rule that refuses control characters (issue 35, finding 8)
// reach the window without them: C1 controls and direction overrides are stripped by the one
// rule (src-shared/quote.ts), so a stored override cannot make a name or note read backwards.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src-renderer/App.tsx';
import { accountInUse, installBrowserStubs, realService, type RealService } from './real-service.ts';

/** What the window must never show: C1 controls, direction embeddings, overrides and isolates. */
const RAW = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/u;

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

/** Writes as an earlier version could have: straight into the database, past today's rules. */
function writeRaw(s: RealService, sql: string, ...params: unknown[]): void {
  s.app.store.db.prepare(sql).run(...params);
  s.app.store.invalidate();
}

describe('stored text from before the rule', () => {
  it('shows names and notes without C1 controls or direction overrides', async () => {
    const s = (service = realService());
    const first = await accountInUse(s, 'First');
    await accountInUse(s, 'Second');
    s.app.domain.addEntry(first.accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup', note: 'card' });
    s.app.domain.addRecurring(first.accountId, { amount: '999', every: 'month', from: '2026-01-01', note: 'hosting' });
    writeRaw(s, 'UPDATE accounts SET name = ? WHERE id = ?', 'Host\u202Eing\u009b31m', first.accountId);
    writeRaw(s, 'UPDATE ledger_entries SET note = ? WHERE account_id = ?', 'paid\u2067gpj.exe\u0085', first.accountId);
    writeRaw(s, 'UPDATE recurring_charges SET note = ? WHERE account_id = ?', 'Web\u202Dhosting', first.accountId);
    render(<App />);

    const choice = await screen.findByLabelText('Account');
    expect(within(choice).getByRole('option', { name: 'Host ing 31m' })).toBeInTheDocument();
    expect(choice).toHaveDisplayValue('Host ing 31m');

    const table = await screen.findByTestId('ledger-table');
    await waitFor(() => {
      expect(table.querySelector('tbody td[data-label="Note"]')?.textContent).toBe('paid gpj.exe ');
    });
    const recurring = await screen.findByTestId('recurring-table');
    expect(within(recurring).getByRole('row', { name: /Web hosting/ })).toBeInTheDocument();

    // Nowhere on the page, nor in its title.
    expect(document.body.textContent).not.toMatch(RAW);
    expect(document.title).not.toMatch(RAW);
  });
});
