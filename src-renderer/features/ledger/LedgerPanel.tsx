// Ledger: entries (newest first, paged, searched by note and kind, exported as CSV, each one
// edited or deleted with a moment to undo), recurring charges (ended from a date, or deleted),
// and the forms to add both; the app shell puts the CSV import beside them (features do not
// import each other).
import { useState, type ReactNode } from 'react';
import type { LedgerEntry, LedgerFilter, RecurringCharge } from '../../../src-shared/app-api.ts';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useAddEntry, useDeleteEntry, useDeleteRecurring } from '../../data/writes.ts';
import { messageOf } from '../../lib/hooks.ts';
import { deleteChargeRequest, deleteEntryRequest } from './confirmations.tsx';
import { download } from '../../lib/download.ts';
import { EditEntryDialog, EndChargeDialog } from './dialogs.tsx';
import { Entries } from './Entries.tsx';
import { EntryForm } from './EntryForm.tsx';
import { describeEntry } from '../../lib/ledger-words.ts';
import { LedgerNews, useNews } from './news.tsx';
import { RecurringCharges } from './RecurringCharges.tsx';
import { RecurringForm } from './RecurringForm.tsx';

/** `importer`: the CSV import, shown under the forms. */
export function LedgerPanel({ importer }: { importer?: ReactNode }) {
  const { api } = useAccount();
  const [news, setNews] = useNews();
  const [asking, setAsking] = useState<ConfirmRequest>();
  const [editing, setEditing] = useState<LedgerEntry>();
  const [ending, setEnding] = useState<RecurringCharge>();
  const deleteEntry = useDeleteEntry();
  const restoreEntry = useAddEntry();
  const deleteCharge = useDeleteRecurring();
  const failed = (what: string) => (error: unknown) => {
    setNews({ problem: `${what}: ${messageOf(error)}` });
  };

  const removeEntry = (e: LedgerEntry) => {
    setAsking(
      deleteEntryRequest(e, () => {
        setNews(undefined);
        deleteEntry.mutate(e.id, {
          onSuccess: () => {
            setNews({ undo: e });
          },
          onError: failed('Not deleted'),
        });
      }),
    );
  };
  const restore = (e: LedgerEntry) => {
    restoreEntry.mutate(
      { at: e.epochSeconds, amount: e.amount, kind: e.kind, note: e.note },
      {
        onSuccess: () => {
          setNews({ said: `Restored the ${describeEntry(e)}.` });
        },
        onError: failed('Not restored'),
      },
    );
  };
  const removeCharge = (r: RecurringCharge) => {
    setAsking(
      deleteChargeRequest(r, () => {
        setNews(undefined);
        deleteCharge.mutate(r.id, { onError: failed('Not deleted') });
      }),
    );
  };
  const exportCsv = (filter: LedgerFilter) => {
    setNews(undefined);
    api.exportCsv(filter).then((file) => {
      download(file.blob, file.fileName);
    }, failed('Not exported'));
  };

  return (
    <section id="ledger" className="panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <LedgerNews news={news} restore={restore} />
      <div className="ledger-grid">
        <div className="card">
          <Entries edit={setEditing} remove={removeEntry} exportCsv={exportCsv} />
          <RecurringCharges end={setEnding} remove={removeCharge} />
        </div>
        <div className="stack">
          <EntryForm />
          <RecurringForm />
          {importer}
        </div>
      </div>
      <ConfirmDialog
        request={asking}
        close={() => {
          setAsking(undefined);
        }}
      />
      <EditEntryDialog
        entry={editing}
        close={(said) => {
          setEditing(undefined);
          if (said !== undefined) setNews({ said });
        }}
      />
      <EndChargeDialog
        charge={ending}
        close={(said) => {
          setEnding(undefined);
          if (said !== undefined) setNews({ said });
        }}
      />
    </section>
  );
}
