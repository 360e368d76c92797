// Asks before anything that cannot be taken back: a modal dialog that says what will happen, with
// Cancel focused first (Enter on a stray keypress keeps everything) and Escape meaning Cancel.
import { useId, useRef, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in words: what goes, what stays. */
  body: ReactNode;
  /** The button that does it ("Delete charge", "Forget key"). */
  confirm: string;
  onConfirm: () => void;
}

export function ConfirmDialog({ request, close }: { request: ConfirmRequest | undefined; close: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={request !== undefined} close={close} labelledBy={titleId} describedBy={bodyId} initialFocus={cancel}>
      {request !== undefined && (
        <>
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId}>{request.body}</div>
          <div className="dialog-buttons">
            <button type="button" ref={cancel} onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                close();
                request.onConfirm();
              }}
            >
              {request.confirm}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
