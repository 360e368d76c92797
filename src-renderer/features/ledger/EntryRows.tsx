// The entries as a table (stacked, labelled rows on a narrow screen), each with Edit and Delete.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import type { LedgerEntry } from '../../../src-shared/app-api.ts';
import { Money } from '../../components/Money.tsx';
import { formatDateTime } from '../../lib/datetime.ts';
import { KIND_LABELS, kindWord } from '../../lib/ledger-words.ts';

export function EntryRows({
  entries,
  edit,
  remove,
}: {
  entries: LedgerEntry[];
  edit: (e: LedgerEntry) => void;
  remove: (e: LedgerEntry) => void;
}) {
  const named = (e: LedgerEntry): string =>
    `${kindWord(e.kind)} of ${formatPounds(e.signedAmount)} on ${formatDateTime(e.datetime)}`;
  return (
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
                    edit(e);
                  }}
                  aria-label={`Edit ${named(e)}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    remove(e);
                  }}
                  aria-label={`Delete ${named(e)}`}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
