// A modal dialog: the rest of the page is inert while it is open, Escape closes it, the focus
// starts on `initialFocus` (or the first field) and goes back where it was when it closes.
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export interface ModalProps {
  open: boolean;
  close: () => void;
  labelledBy: string;
  describedBy?: string | undefined;
  /** Where the focus starts; by default the dialog's first field or button. */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  className?: string | undefined;
  children: ReactNode;
}

export function Modal({
  open,
  close,
  labelledBy,
  describedBy,
  initialFocus,
  className = 'confirm-dialog',
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect: opened, focused, and on closing the focus given back, before the browser
  // paints (a passive effect may run a frame later under Preact, vite.config.ts).
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!open || d === null) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Where showModal is missing (an old engine, jsdom) the dialog is just shown.
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
    (initialFocus?.current ?? d.querySelector<HTMLElement>('input, select, textarea, button'))?.focus();
    return () => {
      if (typeof d.close === 'function' && d.open) d.close();
      else d.removeAttribute('open');
      before?.focus();
    };
  }, [open, initialFocus]);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      {open && children}
    </dialog>
  );
}
