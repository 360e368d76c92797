// The ledger's filter: words in the note, one kind, and Export CSV of what it lets through.
import type { EntryKind } from '../../../src-shared/vocabulary.ts';
import { Field, TextField } from '../../components/Field.tsx';
import { ENTRY_KIND_CHOICES, KIND_LABELS } from '../../lib/ledger-words.ts';

export function EntryFilter({
  kind,
  setKind,
  search,
  setSearch,
  exportLabel,
  canExport,
  exportCsv,
}: {
  kind: EntryKind | '';
  setKind: (kind: EntryKind | '') => void;
  search: string;
  setSearch: (search: string) => void;
  exportLabel: string;
  canExport: boolean;
  exportCsv: () => void;
}) {
  return (
    <div className="filter-row" role="search" aria-label="Ledger filter">
      <TextField
        id="ledger-search"
        label="Search"
        type="search"
        placeholder="Words in the note"
        value={search}
        onChange={setSearch}
      />
      <Field id="ledger-kind" label="Show">
        {(control) => (
          <select
            {...control}
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
        )}
      </Field>
      <button type="button" onClick={exportCsv} disabled={!canExport}>
        {exportLabel}
      </button>
    </div>
  );
}
