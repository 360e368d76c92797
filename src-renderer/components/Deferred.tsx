// A part of the window drawn from its own chunk (lib/part.ts): its code is fetched when its place
// first comes into view, unless an idle prefetch brought it already. Until it is drawn a
// placeholder holds its place and says what is coming (never a blank), keeping the panel's id so
// the header's links still lead there. A load that fails is thrown to the enclosing boundary
// (PanelBoundary), which says so in words and offers to try again.
import { Suspense, use, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Part } from '../lib/part.ts';

interface Props<P extends object> {
  part: Part<P>;
  props: P;
  /** The id of the panel's section (a panel); without one the placeholder is a plain block. */
  id?: string;
}

export function Deferred<P extends object>({ part, props, id }: Props<P>) {
  const Component = useSyncExternalStore(part.subscribe, part.loaded);
  const [shown, setShown] = useState(false);
  if (Component !== undefined) return <Component {...props} />;
  if (!shown) return <Placeholder name={part.name} id={id} onShown={setShown} />;
  return (
    <Suspense fallback={<Placeholder name={part.name} id={id} />}>
      <Wait part={part} />
    </Suspense>
  );
}

/** Suspends until the part has loaded (Deferred then draws it), or throws why it could not. */
function Wait({ part }: { part: { load: () => Promise<unknown> } }) {
  // The part keeps its pending load, so every render waits for the same promise.
  use(part.load());
  return null;
}

/** `onShown`: told once the placeholder is on screen (at once where nothing can tell: no IntersectionObserver). */
function Placeholder({ name, id, onShown }: { name: string; id?: string; onShown?: (shown: true) => void }) {
  const ref = useRef<HTMLElement & HTMLDivElement>(null);
  useEffect(() => {
    const place = ref.current;
    if (onShown === undefined || place === null) return;
    if (typeof IntersectionObserver !== 'function') {
      onShown(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onShown(true);
    });
    observer.observe(place);
    return () => {
      observer.disconnect();
    };
  }, [onShown]);
  const words = (
    <p className="loading" role="status">
      Loading {name}…
    </p>
  );
  return id === undefined ? (
    <div ref={ref} className="part-loading" aria-busy="true">
      {words}
    </div>
  ) : (
    <section ref={ref} id={id} className="panel part-loading" aria-busy="true" aria-label={name}>
      {words}
    </section>
  );
}
