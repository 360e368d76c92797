// Reading marks read: the alerts list, once on screen with the page visible, has its unread
// alerts marked read (AlertsPanel.tsx).
import { useEffect, useRef, useState } from 'react';

/**
 * Calls `read` with the unread alerts shown once the list is on screen and the page visible.
 * Where the browser cannot tell (no IntersectionObserver), nothing is marked behind the user's
 * back: "Mark all read" does it.
 */
export function useSeenMarksRead(unreadIds: number[], present: boolean, read: (ids: number[]) => void) {
  const ref = useRef<HTMLOListElement>(null);
  const [inView, setInView] = useState(false);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const element = ref.current;
    if (!present || element === null || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      setInView(entries.some((e) => e.isIntersecting));
    });
    observer.observe(element);
    const onVisibility = () => {
      setVisible(document.visibilityState === 'visible');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [present]);
  const pending = unreadIds.join(',');
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  useEffect(() => {
    if (!inView || !visible || pending === '') return;
    readRef.current(pending.split(',').map(Number));
  }, [inView, visible, pending]);
  return ref;
}
