// The ledger's two dialogs: editing an entry, and ending a recurring charge from a date. Each
// closes with what was done in words, or with nothing (cancelled).
import { useId } from 'react';
import type { LedgerEntry, RecurringCharge } from '../../../src-shared/app-api.ts';
import { Modal } from '../../components/Modal.tsx';
import { EndChargeForm } from './EndChargeForm.tsx';
import { EntryForm } from './EntryForm.tsx';
import { describeEntry } from '../../lib/ledger-words.ts';

export function EditEntryDialog({ entry, close }: { entry: LedgerEntry | undefined; close: (said?: string) => void }) {
  const titleId = useId();
  return (
    <Modal open={entry !== undefined} close={close} labelledBy={titleId}>
      {entry !== undefined && (
        <EntryForm
          key={entry.id}
          entry={entry}
          titleId={titleId}
          cancel={() => {
            close();
          }}
          done={(saved) => {
            close(`Saved the ${describeEntry(saved)}.`);
          }}
        />
      )}
    </Modal>
  );
}

export function EndChargeDialog({
  charge,
  close,
}: {
  charge: RecurringCharge | undefined;
  close: (said?: string) => void;
}) {
  const titleId = useId();
  return (
    <Modal open={charge !== undefined} close={close} labelledBy={titleId}>
      {charge !== undefined && (
        <EndChargeForm
          key={charge.id}
          charge={charge}
          titleId={titleId}
          cancel={() => {
            close();
          }}
          done={close}
        />
      )}
    </Modal>
  );
}
