// Asks before anything that cannot be taken back: a modal dialog that says what will happen, with
// Cancel focused first (Enter on a stray keypress keeps everything) and Escape meaning Cancel.
// The focus goes back where it was when the dialog closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  /** What will happen, in words: what goes, what stays. */
  body: ReactNode;
  /** The button that does it ("Delete charge", "Forget key"). */
  confirm: string;
  onConfirm: () => void;
}

export function ConfirmDialog({ request, close }: { request: ConfirmRequest | undefined; close: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (request === undefined || d === null) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A modal dialog makes the rest of the page inert; where showModal is missing it is just shown.
    if (typeof d.showModal === 'function') d.showModal(); else d.setAttribute('open', '');
    cancel.current?.focus();
    return () => {
      if (typeof d.close === 'function' && d.open) d.close(); else d.removeAttribute('open');
      before?.focus();
    };
  }, [request]);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId}
      onCancel={(e) => { e.preventDefault(); close(); }}>
      {request !== undefined && (
        <>
          <h2 id={titleId}>{request.title}</h2>
          <div id={bodyId}>{request.body}</div>
          <div className="dialog-buttons">
            <button type="button" ref={cancel} onClick={close}>Cancel</button>
            <button type="button" className="danger" onClick={() => { close(); request.onConfirm(); }}>{request.confirm}</button>
          </div>
        </>
      )}
    </dialog>
  );
}
