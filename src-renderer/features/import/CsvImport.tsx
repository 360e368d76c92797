// CSV import: read, check every line here (a full per-line report), then send; the service
// imports all lines or none and names the first bad line it finds. A file whose rows are already
// in the ledger is refused with their count, and the user chooses: skip them, or import anyway.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { messageOf, useApp } from '../hooks.ts';
import { dateOrderExample, useDateOrder } from '../preferences.ts';
import { CSV_BODY_LIMIT } from '../../src-shared/app-api.ts';
import { CSV_COLUMNS } from '../../src-shared/limits.ts';
import type { DuplicatePolicy } from '../../src-shared/vocabulary.ts';
import { checkCsv, type LineError } from '../lib/csv.ts';

type Stage = 'idle' | 'reading' | 'checking' | 'sending' | 'done' | 'failed';
const STAGE_WORDS: Record<Stage, string> = {
  idle: '',
  reading: 'Reading the file',
  checking: 'Checking lines',
  sending: 'Importing',
  done: 'Done',
  failed: 'stopped, nothing imported',
};

function readFile(file: File, onProgress: (f: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(new Error('The file could not be read.'));
    };
    reader.readAsText(file);
  });
}

export function CsvImport({ imported }: { imported: () => void }) {
  const { api } = useApp();
  const order = useDateOrder();
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState(0);
  const [pasted, setPasted] = useState('');
  const [report, setReport] = useState<{ ok: boolean; text: string; lines: LineError[] }>();
  /** A file refused for its duplicates, kept until the user chooses what to do with them. */
  const [held, setHeld] = useState<{ text: string; found: number; rows: number }>();
  const skipButton = useRef<HTMLButtonElement>(null);
  // The choice is the next thing to do: the focus goes to it.
  useEffect(() => {
    if (held !== undefined) skipButton.current?.focus();
  }, [held]);
  const fileRef = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const busy = stage === 'reading' || stage === 'checking' || stage === 'sending';

  const run = async (e: SyntheticEvent) => {
    e.preventDefault();
    setReport(undefined);
    setHeld(undefined);
    const file = fileRef.current?.files?.[0];
    if (!file && pasted.trim() === '') {
      setReport({ ok: false, text: 'Choose a CSV file or paste CSV text first.', lines: [] });
      return;
    }
    // The service takes files up to this size; bigger ones go through the command line, which streams them.
    if ((file ? file.size : new TextEncoder().encode(pasted).length) > CSV_BODY_LIMIT) {
      setReport({
        ok: false,
        text: `Nothing was imported: the file is larger than ${CSV_BODY_LIMIT / 1024 / 1024} MiB, the most the window can send. Import it with the command line: account-monitor ledger import FILE.csv`,
        lines: [],
      });
      return;
    }
    try {
      setStage('reading');
      setProgress(0);
      const text = file ? await readFile(file, setProgress) : pasted;
      setStage('checking');
      setProgress(0);
      const check = await checkCsv(text, setProgress);
      if (check.errors.length > 0) {
        setStage('failed');
        const n = check.errors.length;
        setReport({
          ok: false,
          text: `Nothing was imported: ${n} line${n === 1 ? ' has a problem' : 's have problems'}.`,
          lines: check.errors,
        });
        return;
      }
      await send(text, 'ask');
    } catch (error) {
      failed(error);
    }
  };

  const send = async (text: string, duplicates: DuplicatePolicy) => {
    setStage('sending');
    setProgress(0);
    try {
      const result = await api.importCsv(text, setProgress, { dateOrder: order, duplicates });
      setStage('done');
      const skipped = result.skipped === 0 ? '' : `; skipped ${result.skipped} already in the ledger`;
      setReport({
        ok: true,
        text: `Imported ${result.imported} entr${result.imported === 1 ? 'y' : 'ies'}${skipped}.`,
        lines: [],
      });
      if (fileRef.current) fileRef.current.value = '';
      setPasted('');
      imported();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'duplicates' && error.duplicates !== undefined) {
        setStage('idle');
        setHeld({ text, ...error.duplicates });
        return;
      }
      failed(error);
    }
  };

  const choose = (policy: DuplicatePolicy | undefined) => {
    const file = held;
    setHeld(undefined);
    if (file === undefined) return;
    if (policy === undefined) {
      setReport({ ok: false, text: 'Nothing was imported.', lines: [] });
      return;
    }
    void send(file.text, policy);
  };

  const failed = (error: unknown) => {
    setStage('failed');
    const line = error instanceof ApiError ? error.line : undefined;
    setReport({
      ok: false,
      text: 'Nothing was imported.',
      // The service's message already starts "line N:"; the report names the line itself.
      lines: [
        {
          line: line ?? 0,
          message: line === undefined ? messageOf(error) : messageOf(error).replace(/^line \d+:\s*/i, ''),
        },
      ],
    });
  };

  return (
    <form
      className="card"
      onSubmit={(e) => {
        void run(e);
      }}
      noValidate
    >
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
            Import progress: {STAGE_WORDS[stage].charAt(0).toUpperCase()}
            {STAGE_WORDS[stage].slice(1)}
            {busy ? ` ${Math.round(progress * 100)}%` : ''}
          </label>
          <progress id={progressId} max={1} value={stage === 'done' ? 1 : progress} />
        </div>
      )}
      {held !== undefined && (
        <div
          className="duplicates-choice"
          role="group"
          aria-labelledby="duplicates-said"
          data-testid="import-duplicates"
        >
          <p id="duplicates-said">
            <strong>
              {held.found} of the file's {held.rows} row{held.rows === 1 ? '' : 's'} {held.found === 1 ? 'is' : 'are'}{' '}
              already in the ledger
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
              Skip the duplicate{held.found === 1 ? '' : 's'}
            </button>
            <button
              type="button"
              onClick={() => {
                choose('import');
              }}
            >
              Import all {held.rows} anyway
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
      )}
      <div role="status" aria-live="polite" data-testid="import-report">
        {report && (
          <div className={report.ok ? 'saved' : 'import-errors'}>
            <p>
              <span aria-hidden="true">{report.ok ? '✓ ' : '✕ '}</span>
              {report.text}
            </p>
            {report.lines.length > 0 && (
              <ul>
                {report.lines.map((l) => (
                  <li key={`${l.line}-${l.message}`}>
                    {l.line > 0 ? <strong>Line {l.line}: </strong> : null}
                    {l.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
