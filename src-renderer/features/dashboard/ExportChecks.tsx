// "Export checks (CSV)": a connected account's stored checks, oldest first, as the service writes
// them (GET /app/accounts/:id/observations.csv; docs/provider-accounts.md, "The account's history").
import { useState } from 'react';
import { useAccount } from '../../data/account-context.ts';
import { download } from '../../lib/download.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

export function ExportChecks() {
  const { api: calls } = useAccount();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const file = await calls.observationsCsv();
      download(file.blob, file.fileName);
    } catch (error: unknown) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="export-checks">
      <button
        type="button"
        onClick={() => {
          void save();
        }}
        disabled={busy}
      >
        {busy ? 'Exporting…' : 'Export checks (CSV)'}
      </button>
      {problem !== undefined && <p className="field-error">Could not export the checks: {problem}</p>}
    </div>
  );
}
