// The ledger's entries: searched by note and shown by kind, newest first a page at a time, with
// their running balance, Edit and Delete, and Export CSV of what the filter shows.
import { useState } from 'react';
import type { LedgerEntry, LedgerFilter } from '../../../src-shared/app-api.ts';
import type { EntryKind } from '../../../src-shared/vocabulary.ts';
import { Notice } from '../../components/Notice.tsx';
import { useLedger, useRecurring } from '../../data/queries.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { EntryFilter } from './EntryFilter.tsx';
import { EntryRows } from './EntryRows.tsx';
import { kindWord } from '../../lib/ledger-words.ts';

export function Entries({
  edit,
  remove,
  exportCsv,
}: {
  edit: (e: LedgerEntry) => void;
  remove: (e: LedgerEntry) => void;
  exportCsv: (filter: LedgerFilter) => void;
}) {
  const [kind, setKind] = useState<EntryKind | ''>('');
  const [search, setSearch] = useState('');
  const words = useDebounced(search.trim(), 300);
  const filter: LedgerFilter = { ...(kind === '' ? {} : { kind }), ...(words === '' ? {} : { q: words }) };
  const filtered = kind !== '' || words !== '';
  const ledger = useLedger(filter);
  const total = ledger.data?.pages[0]?.total;
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  // The whole export holds the recurring charges too (it restores the account): an account with
  // charges and no entry yet has something to export. (The same query as the charges' list.)
  const charges = useRecurring().data?.recurring.length ?? 0;
  return (
    <>
      <h3 id="entries-title">
        Entries{' '}
        {total !== undefined && (
          <span className="muted">
            ({total}
            {filtered ? ' matching' : ''})
          </span>
        )}
      </h3>
      <EntryFilter
        kind={kind}
        setKind={setKind}
        search={search}
        setSearch={setSearch}
        exportLabel={filtered ? 'Export these as CSV' : 'Export CSV'}
        canExport={total !== 0 || (!filtered && charges > 0)}
        exportCsv={() => {
          exportCsv(filter);
        }}
      />
      {ledger.error && (
        <Notice tone="error" title="Could not read the ledger" headingLevel={3}>
          <p>{ledger.error.message}</p>
        </Notice>
      )}
      {ledger.data && entries.length === 0 && !filtered && (
        <Notice tone="info" title="The ledger is empty" headingLevel={3}>
          <p>Nothing recorded yet. Add your first top-up with the form, or import a CSV of past payments.</p>
        </Notice>
      )}
      {ledger.data && entries.length === 0 && filtered && (
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
      {entries.length > 0 && <EntryRows entries={entries} edit={edit} remove={remove} />}
      {ledger.hasNextPage && (
        <button
          type="button"
          onClick={() => {
            void ledger.fetchNextPage();
          }}
        >
          Show older entries
        </button>
      )}
    </>
  );
}
