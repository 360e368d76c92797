// CSV import: a file or pasted lines, checked here line by line, then sent; the progress, the
// choice about rows already in the ledger, and what came of it (use-import.ts does the work).
// The unit of the file's amounts is asked, never guessed: pounds like every money field of the
// window, pence (the format's own) for a file this app exported; the first rows are shown as the
// ledger will show them before anything is sent.
import { useRef, useState, type SyntheticEvent } from 'react';
import { CSV_COLUMNS, RECURRING_CSV_COLUMNS } from '../../../src-shared/limits.ts';
import type { CsvUnits } from '../../../src-shared/vocabulary.ts';
import { Field } from '../../components/Field.tsx';
import { dateOrderExample, useDateOrder } from '../../preferences.ts';
import { DuplicatesChoice } from './DuplicatesChoice.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { ImportProgress, importBusy } from './ImportProgress.tsx';
import { ImportReport } from './ImportReport.tsx';
import { useImport } from './use-import.ts';
import { usePreview } from './use-preview.ts';

const UNIT_CHOICES: readonly { units: CsvUnits; label: string }[] = [
  { units: 'pounds', label: 'Pounds (20.00 is £20.00)' },
  { units: 'pence', label: 'Pence (2000 is £20.00)' },
];

export function CsvImport() {
  const order = useDateOrder();
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File>();
  /** The user's answer; until then, what the file looks like (use-preview.ts). */
  const [chosen, setChosen] = useState<CsvUnits>();
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = usePreview(file, pasted, chosen);
  const units = chosen ?? preview?.detected ?? 'pounds';
  const { stage, progress, report, held, start, choose } = useImport(() => {
    if (fileRef.current) fileRef.current.value = '';
    setFile(undefined);
    setPasted('');
    setChosen(undefined);
  });
  const busy = importBusy(stage);
  const run = (e: SyntheticEvent) => {
    e.preventDefault();
    void start(fileRef.current?.files?.[0], pasted, units);
  };

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
      <Field id="csv-file" label="CSV file">
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setChosen(undefined);
            }}
          />
        )}
      </Field>
      <Field id="csv-text" label="Or paste the lines here">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            spellCheck={false}
            value={pasted}
            onChange={(e) => {
              setPasted(e.target.value);
              if (e.target.value.trim() === '') setChosen(undefined);
            }}
          />
        )}
      </Field>
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
      <ImportProgress stage={stage} progress={progress} />
      {held !== undefined && <DuplicatesChoice found={held.found} rows={held.rows} choose={choose} />}
      <ImportReport report={report} />
    </form>
  );
}
