// Ledger: entries (newest first, paged), recurring charges, forms to add both, CSV import.
import { useEffect, useState } from 'react';
import type { LedgerEntry, RecurringCharge } from '../api/types.ts';
import { messageOf, useApp, useAsync } from '../hooks.ts';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.tsx';
import { Money } from '../components/Money.tsx';
import { Notice } from '../components/Notice.tsx';
import { formatDateTime } from '../lib/datetime.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { KIND_LABELS } from '../lib/validation.ts';
import type { ChargePeriod, EntryKind } from '../../src-shared/vocabulary.ts';
import { EntryForm } from './EntryForm.tsx';
import { RecurringForm } from './RecurringForm.tsx';
import { CsvImport } from './CsvImport.tsx';

const kindLabel = (kind: EntryKind): string => KIND_LABELS[kind];
const PERIOD_WORDS: Record<ChargePeriod, string> = { day: 'a day', week: 'a week', month: 'a month', year: 'a year' };

export function LedgerPanel() {
  const { revision, changed, report, api } = useApp();
  const first = useAsync(() => api.ledger(), [revision, api]);
  const recurring = useAsync(() => api.recurring(), [revision, api]);
  const [older, setOlder] = useState<LedgerEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const [asking, setAsking] = useState<ConfirmRequest>();
  useEffect(() => { setOlder([]); setNext(first.data?.nextOffset ?? null); }, [first.data]);
  useEffect(() => { if (first.error) report(first.error); }, [first.error, report]);

  const more = async () => {
    if (next === null) return;
    try {
      const page = await api.ledger(next);
      setOlder((o) => [...o, ...page.entries]);
      setNext(page.nextOffset);
    } catch (error) { setProblem(messageOf(error)); }
  };
  const remove = async (what: 'entry' | 'recurring', id: number) => {
    setProblem(undefined);
    try {
      await (what === 'entry' ? api.deleteEntry(id) : api.deleteRecurring(id));
      changed();
    } catch (error) { setProblem(`Not deleted: ${messageOf(error)}`); }
  };

  const askDeleteEntry = (e: LedgerEntry) => {
    setAsking({
      title: `Delete this ${kindLabel(e.kind).toLowerCase()}?`,
      body: <p>The {kindLabel(e.kind).toLowerCase()} of {formatPounds(e.signedAmount)} on {formatDateTime(e.datetime)}{e.note === '' ? '' : ` (${e.note})`} is removed from the ledger, and every balance from then on changes by that amount. This cannot be undone.</p>,
      confirm: `Delete ${kindLabel(e.kind).toLowerCase()}`,
      onConfirm: () => { void remove('entry', e.id); },
    });
  };
  const askDeleteCharge = (r: RecurringCharge) => {
    setAsking({
      title: 'Delete this recurring charge?',
      body: <p>The charge of {formatPounds(r.amount)} {PERIOD_WORDS[r.every]}{r.note === '' ? '' : ` (${r.note})`} is removed as if it had never been set up: balances since {formatDateTime(r.from.datetime)}, past ones included, are worked out again without it. This cannot be undone.</p>,
      confirm: 'Delete charge',
      onConfirm: () => { void remove('recurring', r.id); },
    });
  };

  const entries = [...(first.data?.entries ?? []), ...older];
  const charges = recurring.data?.recurring ?? [];
  return (
    <section id="ledger" className="panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      {problem !== undefined && <Notice tone="error" title="That did not work" headingLevel={3}><p>{problem}</p></Notice>}
      <div className="ledger-grid">
        <div className="card">
          <h3 id="entries-title">Entries {first.data && <span className="muted">({first.data.total})</span>}</h3>
          {first.error && <Notice tone="error" title="Could not read the ledger" headingLevel={3}><p>{first.error.message}</p></Notice>}
          {first.data && entries.length === 0 && (
            <Notice tone="info" title="The ledger is empty" headingLevel={3}>
              <p>Nothing recorded yet. Add your first top-up with the form, or import a CSV of past payments.</p>
            </Notice>
          )}
          {entries.length > 0 && (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Ledger entries">
              <table data-testid="ledger-table" className="stack-table">
                <thead><tr><th scope="col">When</th><th scope="col">Kind</th><th scope="col" className="num">Amount</th><th scope="col" className="num">Balance after</th><th scope="col">Note</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="When">{formatDateTime(e.datetime)}</td>
                      <td data-label="Kind"><span className={`kind kind-${e.kind}`}>{kindLabel(e.kind)}</span></td>
                      <td className="num" data-label="Amount"><Money pence={e.signedAmount} focusable={false} /></td>
                      <td className="num" data-label="Balance after" data-testid="balance-after"><Money pence={e.balanceAfter} focusable={false} /></td>
                      <td data-label="Note">{e.note}</td>
                      <td><button type="button" className="link" onClick={() => { askDeleteEntry(e); }} aria-label={`Delete ${kindLabel(e.kind).toLowerCase()} of ${e.signedAmount}p on ${formatDateTime(e.datetime)}`}>Delete</button></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {next !== null && <button type="button" onClick={() => { void more(); }}>Show older entries</button>}
          <h3 id="recurring-title">Recurring charges</h3>
          {recurring.data && charges.length === 0 && <p className="muted">No recurring charges.</p>}
          {charges.length > 0 && (
            <table data-testid="recurring-table" aria-labelledby="recurring-title" className="stack-table">
              <thead><tr><th scope="col" className="num">Amount</th><th scope="col">Every</th><th scope="col">What</th><th scope="col">From</th><th scope="col">Until</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {charges.map((r) => (
                  <tr key={r.id}>
                    <td className="num" data-label="Amount"><Money pence={r.amount} focusable={false} /></td>
                    <td data-label="Every">{PERIOD_WORDS[r.every]}</td>
                    <td data-label="What">{r.note}</td>
                    <td data-label="From">{formatDateTime(r.from.datetime)}</td>
                    <td data-label="Until">{r.until ? formatDateTime(r.until.datetime) : 'no end'}</td>
                    <td><button type="button" className="link" onClick={() => { askDeleteCharge(r); }} aria-label={`Delete recurring charge of ${r.amount}p ${PERIOD_WORDS[r.every]}`}>Delete</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="stack">
          <EntryForm added={changed} />
          <RecurringForm added={changed} />
          <CsvImport imported={changed} />
        </div>
      </div>
      <ConfirmDialog request={asking} close={() => { setAsking(undefined); }} />
    </section>
  );
}
