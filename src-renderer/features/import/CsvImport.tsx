// CSV import: a file or pasted lines, checked here line by line, then sent; the progress, the
// choice about rows already in the ledger, and what came of it (use-import.ts does the work).
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { CSV_COLUMNS } from '../../../src-shared/limits.ts';
import { dateOrderExample, useDateOrder } from '../../preferences.ts';
import { DuplicatesChoice } from './DuplicatesChoice.tsx';
import { ImportReport } from './ImportReport.tsx';
import { useImport, type Stage } from './use-import.ts';

const STAGE_WORDS: Record<Stage, string> = {
  idle: '',
  reading: 'Reading the file',
  checking: 'Checking lines',
  sending: 'Importing',
  done: 'Done',
  failed: 'stopped, nothing imported',
};

export function CsvImport() {
  const order = useDateOrder();
  const [pasted, setPasted] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const { stage, progress, report, held, start, choose } = useImport(() => {
    if (fileRef.current) fileRef.current.value = '';
    setPasted('');
  });
  const busy = stage === 'reading' || stage === 'checking' || stage === 'sending';
  const run = (e: SyntheticEvent) => {
    e.preventDefault();
    void start(fileRef.current?.files?.[0], pasted);
  };
  const words = STAGE_WORDS[stage];

  return (
    <form className="card" onSubmit={run} noValidate>
      <h3 id="import-title">Import a CSV</h3>
      <p className="muted small">
        Header <code>{CSV_COLUMNS.join(',')}</code>; one entry per line, amounts in pence (2500 is £25.00), any date
        phrase; 01/07/2026 is read as {dateOrderExample(order)} (your setting under Notification settings). All lines
        are imported, or none; if some are already in the ledger, you are asked first.
      </p>
      <div className="field">
        <label htmlFor="csv-file">CSV file</label>
        <input id="csv-file" ref={fileRef} type="file" accept=".csv,text/csv" />
      </div>
      <div className="field">
        <label htmlFor="csv-text">Or paste the lines here</label>
        <textarea
          id="csv-text"
          rows={3}
          spellCheck={false}
          value={pasted}
          onChange={(e) => {
            setPasted(e.target.value);
          }}
        />
      </div>
      <button type="submit" disabled={busy}>
        Import CSV
      </button>
      {stage !== 'idle' && (
        <div className="progress-row">
          <label htmlFor={progressId}>
            Import progress: {words.charAt(0).toUpperCase()}
            {words.slice(1)}
            {busy ? ` ${Math.round(progress * 100)}%` : ''}
          </label>
          <progress id={progressId} max={1} value={stage === 'done' ? 1 : progress} />
        </div>
      )}
      {held !== undefined && <DuplicatesChoice found={held.found} rows={held.rows} choose={choose} />}
      <ImportReport report={report} />
    </form>
  );
}
