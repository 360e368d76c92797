// The recurring charges, each with End (from a date on; a charge still running) and Delete.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import type { RecurringCharge } from '../../../src-shared/app-api.ts';
import { Money } from '../../components/Money.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useRecurring } from '../../data/queries.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { PERIOD_WORDS } from '../../lib/ledger-words.ts';

export function RecurringCharges({
  end,
  remove,
}: {
  end: (r: RecurringCharge) => void;
  remove: (r: RecurringCharge) => void;
}) {
  const { status } = useAccount();
  const recurring = useRecurring();
  const charges = recurring.data?.recurring ?? [];
  const runningOn = (r: RecurringCharge): boolean => r.until === null || r.until.epochSeconds > status.now.epochSeconds;
  return (
    <>
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
                        end(r);
                      }}
                      aria-label={`End recurring charge of ${formatPounds(r.amount)} ${PERIOD_WORDS[r.every]}`}
                    >
                      End
                    </button>
                  )}
                  <button
                    type="button"
                    className="link"
                    onClick={() => {
                      remove(r);
                    }}
                    aria-label={`Delete recurring charge of ${formatPounds(r.amount)} ${PERIOD_WORDS[r.every]}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
