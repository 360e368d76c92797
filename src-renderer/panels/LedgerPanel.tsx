// Ledger: entries (newest first, paged, searched by note and kind, exported as CSV, each one
// edited or deleted with a moment to undo), recurring charges (ended from a date, or deleted),
// and the forms to add both and to import a CSV.
import { useEffect, useId, useState } from 'react';
import type { LedgerEntry, LedgerFilter, RecurringCharge } from '../api/types.ts';
import { messageOf, useApp, useAsync, useDebounced } from '../hooks.ts';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.tsx';
import { Modal } from '../components/Modal.tsx';
import { Money } from '../components/Money.tsx';
import { Notice } from '../components/Notice.tsx';
import { formatDateTime } from '../lib/datetime.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { ENTRY_KIND_CHOICES, KIND_LABELS, PERIOD_WORDS } from '../lib/validation.ts';
import type { EntryKind } from '../../src-shared/vocabulary.ts';
import { EntryForm } from './EntryForm.tsx';
import { EndChargeForm } from './EndChargeForm.tsx';
import { RecurringForm } from './RecurringForm.tsx';
import { CsvImport } from './CsvImport.tsx';

/** How long a deleted entry can be brought back from the window. */
export const UNDO_SECONDS = 10;

const kindWord = (kind: EntryKind): string => KIND_LABELS[kind].toLowerCase();
const describe = (e: LedgerEntry): string =>
  `${kindWord(e.kind)} of ${formatPounds(e.signedAmount)} on ${formatDateTime(e.datetime)}${e.note === '' ? '' : ` (${e.note})`}`;

/** Saves a file the service made (an object URL and a link's download: no page is left open). */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

export function LedgerPanel() {
  const { revision, changed, report, api, status } = useApp();
  const [kind, setKind] = useState<EntryKind | ''>('');
  const [search, setSearch] = useState('');
  const words = useDebounced(search.trim(), 300);
  const filter: LedgerFilter = { ...(kind === '' ? {} : { kind }), ...(words === '' ? {} : { q: words }) };
  const filtered = kind !== '' || words !== '';
  const first = useAsync(() => api.ledger(undefined, 50, filter), [revision, api, kind, words]);
  const recurring = useAsync(() => api.recurring(), [revision, api]);
  const [older, setOlder] = useState<LedgerEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState<string>();
  const [asking, setAsking] = useState<ConfirmRequest>();
  const [editing, setEditing] = useState<LedgerEntry>();
  const [ending, setEnding] = useState<RecurringCharge>();
  const [undo, setUndo] = useState<LedgerEntry>();
  const editTitle = useId();
  const endTitle = useId();
  useEffect(() => {
    setOlder([]);
    setNext(first.data?.nextOffset ?? null);
  }, [first.data]);
  useEffect(() => {
    if (first.error) report(first.error);
  }, [first.error, report]);
  useEffect(() => {
    if (undo === undefined) return undefined;
    const timer = setTimeout(() => {
      setUndo(undefined);
    }, UNDO_SECONDS * 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [undo]);

  const more = async () => {
    if (next === null) return;
    try {
      const page = await api.ledger(next, 50, filter);
      setOlder((o) => [...o, ...page.entries]);
      setNext(page.nextOffset);
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  const act = async (what: () => Promise<unknown>, failed: string, done: () => void) => {
    setProblem(undefined);
    setSaid(undefined);
    try {
      await what();
      done();
      changed();
    } catch (error) {
      setProblem(`${failed}: ${messageOf(error)}`);
    }
  };
  const removeEntry = (e: LedgerEntry) =>
    act(
      () => api.deleteEntry(e.id),
      'Not deleted',
      () => {
        setUndo(e);
      },
    );
  const restoreEntry = (e: LedgerEntry) =>
    act(
      () => api.addEntry({ at: e.epochSeconds, amount: e.amount, kind: e.kind, note: e.note }),
      'Not restored',
      () => {
        setUndo(undefined);
        setSaid(`Restored the ${describe(e)}.`);
      },
    );
  const exportCsv = () =>
    act(
      async () => {
        const file = await api.exportCsv(filter);
        download(file.blob, file.fileName);
      },
      'Not exported',
      () => undefined,
    );

  const askDeleteEntry = (e: LedgerEntry) => {
    setAsking({
      title: `Delete this ${kindWord(e.kind)}?`,
      body: (
        <p>
          The {describe(e)} is removed from the ledger, and every balance from then on changes by that amount. You can
          undo it for {UNDO_SECONDS} seconds afterwards.
        </p>
      ),
      confirm: `Delete ${kindWord(e.kind)}`,
      onConfirm: () => {
        void removeEntry(e);
      },
    });
  };
  const askDeleteCharge = (r: RecurringCharge) => {
    setAsking({
      title: 'Delete this recurring charge?',
      body: (
        <p>
          The charge of {formatPounds(r.amount)} {PERIOD_WORDS[r.every]}
          {r.note === '' ? '' : ` (${r.note})`} is removed as if it had never been set up: balances since{' '}
          {formatDateTime(r.from.datetime)}, past ones included, are worked out again without it. This cannot be undone.
          To stop it from now on and keep the past as it is, use End instead.
        </p>
      ),
      confirm: 'Delete charge',
      onConfirm: () => {
        void act(
          () => api.deleteRecurring(r.id),
          'Not deleted',
          () => undefined,
        );
      },
    });
  };

  const entries = [...(first.data?.entries ?? []), ...older];
  const charges = recurring.data?.recurring ?? [];
  const runningOn = (r: RecurringCharge): boolean => r.until === null || r.until.epochSeconds > status.now.epochSeconds;
  return (
    <section id="ledger" className="panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      {problem !== undefined && (
        <Notice tone="error" title="That did not work" headingLevel={3}>
          <p>{problem}</p>
        </Notice>
      )}
      <div role="status" aria-live="polite" className="ledger-said" data-testid="ledger-said">
        {undo !== undefined && (
          <p className="saved">
            Deleted the {describe(undo)}.{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                void restoreEntry(undo);
              }}
            >
              Undo
            </button>
          </p>
        )}
        {undo === undefined && said !== undefined && <p className="saved">{said}</p>}
      </div>
      <div className="ledger-grid">
        <div className="card">
          <h3 id="entries-title">
            Entries{' '}
            {first.data && (
              <span className="muted">
                ({first.data.total}
                {filtered ? ' matching' : ''})
              </span>
            )}
          </h3>
          <div className="filter-row" role="search" aria-label="Ledger filter">
            <div className="field">
              <label htmlFor="ledger-search">Search</label>
              <input
                id="ledger-search"
                type="search"
                autoComplete="off"
                placeholder="Words in the note"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                }}
              />
            </div>
            <div className="field">
              <label htmlFor="ledger-kind">Show</label>
              <select
                id="ledger-kind"
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as EntryKind | '');
                }}
              >
                <option value="">All entries</option>
                {ENTRY_KIND_CHOICES.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}s only
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              onClick={() => {
                void exportCsv();
              }}
              disabled={first.data?.total === 0}
            >
              {filtered ? 'Export these as CSV' : 'Export CSV'}
            </button>
          </div>
          {first.error && (
            <Notice tone="error" title="Could not read the ledger" headingLevel={3}>
              <p>{first.error.message}</p>
            </Notice>
          )}
          {first.data && entries.length === 0 && !filtered && (
            <Notice tone="info" title="The ledger is empty" headingLevel={3}>
              <p>Nothing recorded yet. Add your first top-up with the form, or import a CSV of past payments.</p>
            </Notice>
          )}
          {first.data && entries.length === 0 && filtered && (
            <p className="muted">
              No {kind === '' ? 'entries' : `${kindWord(kind)}s`}
              {words === '' ? '' : ` with “${words}” in the note`}.{' '}
              <button
                type="button"
                className="link"
                onClick={() => {
                  setKind('');
                  setSearch('');
                }}
              >
                Show all entries
              </button>
            </p>
          )}
          {entries.length > 0 && (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Ledger entries">
              <table data-testid="ledger-table" className="stack-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Kind</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col" className="num">
                      Balance after
                    </th>
                    <th scope="col">Note</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="When">{formatDateTime(e.datetime)}</td>
                      <td data-label="Kind">
                        <span className={`kind kind-${e.kind}`}>{KIND_LABELS[e.kind]}</span>
                      </td>
                      <td className="num" data-label="Amount">
                        <Money pence={e.signedAmount} focusable={false} />
                      </td>
                      <td className="num" data-label="Balance after" data-testid="balance-after">
                        <Money pence={e.balanceAfter} focusable={false} />
                      </td>
                      <td data-label="Note">{e.note}</td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="link"
                          onClick={() => {
                            setEditing(e);
                          }}
                          aria-label={`Edit ${kindWord(e.kind)} of ${e.signedAmount}p on ${formatDateTime(e.datetime)}`}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="link"
                          onClick={() => {
                            askDeleteEntry(e);
                          }}
                          aria-label={`Delete ${kindWord(e.kind)} of ${e.signedAmount}p on ${formatDateTime(e.datetime)}`}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {next !== null && (
            <button
              type="button"
              onClick={() => {
                void more();
              }}
            >
              Show older entries
            </button>
          )}
          <h3 id="recurring-title">Recurring charges</h3>
          {recurring.data && charges.length === 0 && <p className="muted">No recurring charges.</p>}
          {charges.length > 0 && (
            <table data-testid="recurring-table" aria-labelledby="recurring-title" className="stack-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Every</th>
                  <th scope="col">What</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {charges.map((r) => (
                  <tr key={r.id}>
                    <td className="num" data-label="Amount">
                      <Money pence={r.amount} focusable={false} />
                    </td>
                    <td data-label="Every">{PERIOD_WORDS[r.every]}</td>
                    <td data-label="What">{r.note}</td>
                    <td data-label="From">{formatDateTime(r.from.datetime)}</td>
                    <td data-label="Until">{r.until ? formatDateTime(r.until.datetime) : 'no end'}</td>
                    <td className="row-actions">
                      {runningOn(r) && (
                        <button
                          type="button"
                          className="link"
                          onClick={() => {
                            setEnding(r);
                          }}
                          aria-label={`End recurring charge of ${r.amount}p ${PERIOD_WORDS[r.every]}`}
                        >
                          End
                        </button>
                      )}
                      <button
                        type="button"
                        className="link"
                        onClick={() => {
                          askDeleteCharge(r);
                        }}
                        aria-label={`Delete recurring charge of ${r.amount}p ${PERIOD_WORDS[r.every]}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="stack">
          <EntryForm done={changed} />
          <RecurringForm added={changed} />
          <CsvImport imported={changed} />
        </div>
      </div>
      <ConfirmDialog
        request={asking}
        close={() => {
          setAsking(undefined);
        }}
      />
      <Modal
        open={editing !== undefined}
        close={() => {
          setEditing(undefined);
        }}
        labelledBy={editTitle}
      >
        {editing !== undefined && (
          <EntryForm
            key={editing.id}
            entry={editing}
            titleId={editTitle}
            cancel={() => {
              setEditing(undefined);
            }}
            done={(saved) => {
              setSaid(`Saved the ${describe(saved)}.`);
              setEditing(undefined);
              changed();
            }}
          />
        )}
      </Modal>
      <Modal
        open={ending !== undefined}
        close={() => {
          setEnding(undefined);
        }}
        labelledBy={endTitle}
      >
        {ending !== undefined && (
          <EndChargeForm
            key={ending.id}
            charge={ending}
            titleId={endTitle}
            cancel={() => {
              setEnding(undefined);
            }}
            done={(text) => {
              setSaid(text);
              setEnding(undefined);
              changed();
            }}
          />
        )}
      </Modal>
    </section>
  );
}
