// The listeners of a value kept outside React (a preference, the last question), for
// useSyncExternalStore: components subscribe, and a change tells them all.

/** Plain functions (no `this`), so `subscribe` can be handed to React as it is. */
export interface Listeners {
  subscribe: (listener: () => void) => () => void;
  notify: () => void;
}

export function listeners(): Listeners {
  const all = new Set<() => void>();
  return {
    subscribe: (listener) => {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
    notify: () => {
      for (const listener of all) listener();
    },
  };
}
