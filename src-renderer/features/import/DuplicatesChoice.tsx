// A file refused because some of its rows are already in the ledger: how many, and the choice
// (skip them, import all anyway, or cancel), which gets the focus as the next thing to do.
import { useLayoutEffect, useRef } from 'react';
import type { DuplicatePolicy } from '../../../src-shared/vocabulary.ts';

export function DuplicatesChoice({
  found,
  rows,
  choose,
}: {
  found: number;
  rows: number;
  choose: (policy: DuplicatePolicy | undefined) => void;
}) {
  const skipButton = useRef<HTMLButtonElement>(null);
  // The focus moves before the browser paints (a layout effect).
  useLayoutEffect(() => {
    skipButton.current?.focus();
  }, []);
  return (
    <div className="duplicates-choice" role="group" aria-labelledby="duplicates-said" data-testid="import-duplicates">
      <p id="duplicates-said">
        <strong>
          {found} of the file's {rows} row{rows === 1 ? '' : 's'} {found === 1 ? 'is' : 'are'} already in the ledger
        </strong>{' '}
        (same date, kind, amount and note). Nothing has been imported yet.
      </p>
      <div className="dialog-buttons start">
        <button
          type="button"
          className="primary"
          ref={skipButton}
          onClick={() => {
            choose('skip');
          }}
        >
          Skip the duplicate{found === 1 ? '' : 's'}
        </button>
        <button
          type="button"
          onClick={() => {
            choose('import');
          }}
        >
          Import all {rows} anyway
        </button>
        <button
          type="button"
          onClick={() => {
            choose(undefined);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
