// An import from start to end: read the file, check every line here (a full per-line report),
// send it; a file whose rows are already in the ledger is held until the user chooses. The
// service imports all lines or none and names the first bad line it finds.
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { CSV_BODY_LIMIT } from '../../../src-shared/app-api.ts';
import type { CsvUnits, DuplicatePolicy } from '../../../src-shared/vocabulary.ts';
import { useImportCsv } from '../../data/writes.ts';
import { messageOf } from '../../lib/hooks.ts';
import { useDateOrder } from '../../preferences.ts';
import type { Report } from './ImportReport.tsx';
import { checkCsv } from './preview.ts';
import { readFile } from './read-file.ts';

export type Stage = 'idle' | 'reading' | 'checking' | 'sending' | 'done' | 'failed';

export interface Held {
  text: string;
  lines: number[];
  found: number;
  rows: number;
}

export function useImport(cleared: () => void) {
  const order = useDateOrder();
  const importCsv = useImportCsv();
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<Report>();
  /** A file refused for its duplicates, kept until the user chooses what to do with them. */
  const [held, setHeld] = useState<Held>();

  /** `lines`: the file's line for each line of a text rewritten in pence (empty: sent as it was). */
  const failed = (error: unknown, lines: number[] = []) => {
    setStage('failed');
    const sent = error instanceof ApiError ? error.line : undefined;
    const line = sent === undefined ? undefined : (lines[sent - 1] ?? sent);
    // The service's message already starts "line N:"; the report names the line itself.
    const message = line === undefined ? messageOf(error) : messageOf(error).replace(/^line \d+:\s*/i, '');
    setReport({ ok: false, text: 'Nothing was imported.', lines: [{ line: line ?? 0, message }] });
  };

  const send = async (text: string, lines: number[], duplicates: DuplicatePolicy) => {
    setStage('sending');
    setProgress(0);
    try {
      const result = await importCsv.mutateAsync({
        text,
        onProgress: setProgress,
        query: { dateOrder: order, duplicates },
      });
      setStage('done');
      const skipped = result.skipped === 0 ? '' : `; skipped ${result.skipped} already in the ledger`;
      setReport({ ok: true, text: `Imported ${importedWords(result)}${skipped}.`, lines: [] });
      cleared();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'duplicates' && error.duplicates !== undefined) {
        setStage('idle');
        setHeld({ text, lines, ...error.duplicates });
        return;
      }
      failed(error, lines);
    }
  };

  const start = async (file: File | undefined, pasted: string, units: CsvUnits) => {
    setReport(undefined);
    setHeld(undefined);
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
      const check = await checkCsv(text, { units, onProgress: setProgress });
      if (check.errors.length > 0) {
        setStage('failed');
        const n = check.errors.length;
        const what = `${n} line${n === 1 ? ' has a problem' : 's have problems'}`;
        setReport({ ok: false, text: `Nothing was imported: ${what}.`, lines: check.errors });
        return;
      }
      await send(check.text, check.lines, 'ask');
    } catch (error) {
      failed(error);
    }
  };

  const choose = (policy: DuplicatePolicy | undefined) => {
    const file = held;
    setHeld(undefined);
    if (file === undefined) return;
    if (policy === undefined) setReport({ ok: false, text: 'Nothing was imported.', lines: [] });
    else void send(file.text, file.lines, policy);
  };

  return { stage, progress, report, held, start, choose };
}

/** "3 entries", "3 entries and 1 recurring charge": what an import wrote. */
export function importedWords({ imported, recurring }: { imported: number; recurring: number }): string {
  const entries = imported - recurring;
  const entryWords = `${entries} entr${entries === 1 ? 'y' : 'ies'}`;
  return recurring === 0 ? entryWords : `${entryWords} and ${recurring} recurring charge${recurring === 1 ? '' : 's'}`;
}
