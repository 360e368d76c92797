// How far an import has got, in words and as a bar (nothing before the first one).
import { useId } from 'react';
import type { Stage } from './use-import.ts';

const STAGE_WORDS: Record<Stage, string> = {
  idle: '',
  reading: 'Reading the file',
  checking: 'Checking lines',
  sending: 'Importing',
  done: 'Done',
  failed: 'stopped, nothing imported',
};

/** An import under way: reading the file, checking its lines or sending them. */
export function importBusy(stage: Stage): boolean {
  return stage === 'reading' || stage === 'checking' || stage === 'sending';
}

export function ImportProgress({ stage, progress }: { stage: Stage; progress: number }) {
  const id = useId();
  if (stage === 'idle') return null;
  const words = STAGE_WORDS[stage];
  return (
    <div className="progress-row">
      <label htmlFor={id}>
        Import progress: {words.charAt(0).toUpperCase()}
        {words.slice(1)}
        {importBusy(stage) ? ` ${Math.round(progress * 100)}%` : ''}
      </label>
      <progress id={id} max={1} value={stage === 'done' ? 1 : progress} />
    </div>
  );
}
