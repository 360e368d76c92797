// An account's reminders, snoozed from its newest balance alert: "Snooze reminders until <tomorrow
// when quiet hours end>", or while snoozed, until when and "Resume reminders". Marking an alert
// read does not silence reminders; this does (a worse state still alerts at once).
import type { SnoozeList } from '../../../src-shared/app-api.ts';
import { formatDateTime } from '../../lib/datetime.ts';

export function SnoozeControl({
  accountId,
  list,
  busy,
  onChange,
}: {
  accountId: number;
  list: SnoozeList;
  busy: boolean;
  /** `resume`: reminders again now; otherwise snooze them until tomorrow. */
  onChange: (resume: boolean) => void;
}) {
  const until = list.snoozes.find((s) => s.accountId === accountId)?.until;
  return (
    <p className="alert-snooze small">
      {until === undefined ? (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => {
            onChange(false);
          }}
        >
          Snooze reminders until {formatDateTime(list.tomorrow.datetime)}
        </button>
      ) : (
        <>
          <span className="muted">Reminders snoozed until {formatDateTime(until.datetime)}.</span>{' '}
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              onChange(true);
            }}
          >
            Resume reminders
          </button>
        </>
      )}
    </p>
  );
}
