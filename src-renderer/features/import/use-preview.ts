// What the chosen file or the pasted lines hold, before anything is sent: the unit their amounts
// are taken to be in (this app's export: pence; anything else: pounds, until the user chooses)
// and the first rows as the ledger will show them. Only the start of a file is read for this.
import { useEffect, useState } from 'react';
import type { CsvUnits } from '../../../src-shared/vocabulary.ts';
import { checkCsv, looksExported, type LineError, type PreviewRow } from './preview.ts';

/** Rows shown before an import. */
export const PREVIEW_ROWS = 5;
/** How much of a file is read for the preview: many times the rows it shows. */
const PREVIEW_BYTES = 64 * 1024;

export interface Preview {
  /** The unit the file is taken to be in when the user has not chosen. */
  detected: CsvUnits;
  rows: PreviewRow[];
  /** Problems among the previewed lines (the import reports them all). */
  errors: LineError[];
}

/** The start of the text, cut after its last whole line when it was cut short. */
async function startOf(file: File | undefined, pasted: string): Promise<string> {
  if (!file) return pasted.slice(0, PREVIEW_BYTES);
  if (file.size <= PREVIEW_BYTES) return file.text();
  const text = await file.slice(0, PREVIEW_BYTES).text();
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

export function usePreview(file: File | undefined, pasted: string, chosen: CsvUnits | undefined): Preview | undefined {
  const [preview, setPreview] = useState<Preview>();
  useEffect(() => {
    /** False once the inputs changed: a slower earlier reading must not replace a newer one. */
    const live = { current: true };
    if (!file && pasted.trim() === '') {
      setPreview(undefined);
      return;
    }
    void (async () => {
      try {
        const text = await startOf(file, pasted);
        const detected: CsvUnits = looksExported(text) ? 'pence' : 'pounds';
        const check = await checkCsv(text, { units: chosen ?? detected, previewRows: PREVIEW_ROWS });
        if (live.current) setPreview({ detected, rows: check.preview, errors: check.errors.slice(0, PREVIEW_ROWS) });
      } catch {
        // A file that cannot be read: the import itself says so when asked.
        if (live.current) setPreview(undefined);
      }
    })();
    return () => {
      live.current = false;
    };
  }, [file, pasted, chosen]);
  return preview;
}
