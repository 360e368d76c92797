// CSV import: a file or pasted lines, checked here line by line, then sent; the progress, the
// choice about rows already in the ledger, and what came of it (use-import.ts does the work).
// The unit of the file's amounts is asked, never guessed: pounds like every money field of the
// window, pence (the format's own) for a file this app exported; the first rows are shown as the
// ledger will show them before anything is sent.
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { CSV_COLUMNS, RECURRING_CSV_COLUMNS } from '../../../src-shared/limits.ts';
import type { CsvUnits } from '../../../src-shared/vocabulary.ts';
import { dateOrderExample, useDateOrder } from '../../preferences.ts';
import { DuplicatesChoice } from './DuplicatesChoice.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { ImportReport } from './ImportReport.tsx';
import { useImport, type Stage } from './use-import.ts';
import { usePreview } from './use-preview.ts';

const UNIT_CHOICES: readonly { units: CsvUnits; label: string }[] = [
  { units: 'pounds', label: 'Pounds (20.00 is £20.00)' },
  { units: 'pence', label: 'Pence (2000 is £20.00)' },
];

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
  const [file, setFile] = useState<File>();
  /** The user's answer; until then, what the file looks like (use-preview.ts). */
  const [chosen, setChosen] = useState<CsvUnits>();
  const fileRef = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const preview = usePreview(file, pasted, chosen);
  const units = chosen ?? preview?.detected ?? 'pounds';
  const { stage, progress, report, held, start, choose } = useImport(() => {
    if (fileRef.current) fileRef.current.value = '';
    setFile(undefined);
    setPasted('');
    setChosen(undefined);
  });
  const busy = stage === 'reading' || stage === 'checking' || stage === 'sending';
  const run = (e: SyntheticEvent) => {
    e.preventDefault();
    void start(fileRef.current?.files?.[0], pasted, units);
  };
  const words = STAGE_WORDS[stage];

  return (
    <form className="card" onSubmit={run} noValidate>
      <h3 id="import-title">Import a CSV</h3>
      <p className="muted small">
        Header <code>{CSV_COLUMNS.join(',')}</code>; one entry per line, amounts in pounds or pence (you choose below),
        any date phrase; 01/07/2026 is read as {dateOrderExample(order)} (your setting under Notification settings). All
        lines are imported, or none; if some are already in the ledger, you are asked first. This app's Export CSV
        restores an account: its <code>{RECURRING_CSV_COLUMNS.join(',')}</code> columns bring back the recurring
        charges.
      </p>
      <div className="field">
        <label htmlFor="csv-file">CSV file</label>
        <input
          id="csv-file"
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setChosen(undefined);
          }}
        />
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
            if (e.target.value.trim() === '') setChosen(undefined);
          }}
        />
      </div>
      <fieldset className="choices">
        <legend>The file's amounts are in</legend>
        {UNIT_CHOICES.map((c) => (
          <label key={c.units} className="check">
            <input
              type="radio"
              name="csv-units"
              value={c.units}
              checked={units === c.units}
              onChange={() => {
                setChosen(c.units);
              }}
            />{' '}
            {c.label}
          </label>
        ))}
        {chosen === undefined && preview?.detected === 'pence' && (
          <p className="muted small">This file looks like an export from Account Monitor, whose amounts are pence.</p>
        )}
      </fieldset>
      <ImportPreview preview={preview} />
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
