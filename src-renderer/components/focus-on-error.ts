// A field takes the focus each time a submit failed on it: the parent bumps a counter, the field
// moves the focus to its input when the counter changes (0: never yet).
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusOnError(failures: number): RefObject<HTMLInputElement | null> {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (failures > 0) input.current?.focus();
  }, [failures]);
  return input;
}
