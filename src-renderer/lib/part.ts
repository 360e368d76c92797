// A part of the window whose code is loaded when it is first shown (or earlier, when the window is
// idle): its own chunk of the build, fetched by a dynamic import. The load is kept, so every
// caller shares one fetch and React's use() waits for the same promise; a failed load is kept too
// (a render after it must see the failure, not start another fetch) until "Try again" forgets it.
// React.lazy keeps a failure for good, so its "Try again" could only fail again.
import type { ComponentType } from 'react';

/** A part's code did not arrive (the service stopped, or was updated since the page opened). */
export class PartNotLoaded extends Error {
  override readonly name = 'PartNotLoaded';
  readonly part: string;
  /** Forgets the failed load, so the next render fetches the part afresh ("Try again"). */
  readonly forget: () => void;
  constructor(part: string, cause: unknown, forget: () => void) {
    super(`the code of ${part} did not arrive from the Account Monitor service`, { cause });
    this.part = part;
    this.forget = forget;
  }
}

export interface Part<P extends object> {
  /** In words, for the placeholder and the error ("the ledger"). */
  readonly name: string;
  /** Starts the load, or returns the one under way (or done). */
  load(): Promise<ComponentType<P>>;
  /** The component once loaded, so a part already here is drawn at once. */
  readonly loaded: () => ComponentType<P> | undefined;
  /** Tells `listener` when the part has loaded (a prefetch); returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
}

export function part<P extends object>(name: string, importer: () => Promise<ComponentType<P>>): Part<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  let component: ComponentType<P> | undefined;
  const listeners = new Set<() => void>();
  return {
    name,
    load() {
      if (pending !== undefined) return pending;
      const loading = importer().then(
        (loaded) => {
          component = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          throw new PartNotLoaded(name, error, () => {
            if (pending === loading) pending = undefined;
          });
        },
      );
      pending = loading;
      return loading;
    },
    loaded: () => component,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Loads every part when the browser is next idle (a prefetch: each is then drawn at once when
 * shown); a failure is left for the part to report when it is shown. Returns the cancel.
 */
export function prefetchWhenIdle(parts: readonly { load(): Promise<unknown> }[]): () => void {
  const run = () => {
    for (const p of parts) p.load().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  const timer = setTimeout(run, 50);
  return () => {
    clearTimeout(timer);
  };
}
