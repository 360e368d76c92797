// The first rows of a file as the ledger will show them (the date as written: the service reads
// it on import; the amount in pounds with its sign; kind; note), before anything is imported, so
// a file in the wrong unit is seen as £0.20 or £2,000.00 before it is sent.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { KIND_LABELS, PERIOD_WORDS } from '../../lib/ledger-words.ts';
import type { Preview } from './use-preview.ts';

export function ImportPreview({ preview }: { preview: Preview | undefined }) {
  if (preview === undefined) return null;
  const { rows, errors } = preview;
  return (
    <div className="import-preview" data-testid="import-preview">
      {rows.length > 0 && (
        <table>
          <caption>
            Preview: the first {rows.length === 1 ? 'row' : `${rows.length} rows`} as the ledger will show{' '}
            {rows.length === 1 ? 'it' : 'them'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Date (as written)</th>
              <th scope="col">Amount</th>
              <th scope="col">Kind</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>
                  {r.recurring === undefined
                    ? r.at
                    : `From ${r.at}${r.recurring.until === '' ? '' : ` until ${r.recurring.until}`}`}
                </td>
                <td className="num">
                  {formatPounds(r.pence)}
                  {r.recurring === undefined ? '' : ` ${PERIOD_WORDS[r.recurring.every]}`}
                </td>
                <td>{r.recurring === undefined ? KIND_LABELS[r.kind] : 'Recurring charge'}</td>
                <td>{r.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {errors.length > 0 && (
        <p className="muted small">
          {errors.map((e) => `Line ${e.line}: ${e.message}`).join('; ')}. Importing names every such line.
        </p>
      )}
    </div>
  );
}
