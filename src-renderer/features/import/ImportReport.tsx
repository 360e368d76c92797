// What became of an import, in words: how many were imported, or why nothing was, line by line.
import type { LineError } from './preview.ts';

export interface Report {
  ok: boolean;
  text: string;
  lines: LineError[];
}

export function ImportReport({ report }: { report: Report | undefined }) {
  return (
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
  );
}
