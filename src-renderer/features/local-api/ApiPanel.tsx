// Local API: where scripts reach the service, whether it is listening, and curl lines to copy.
// The key is not kept in the page (design brief point 4): the lines show it masked, and it is
// read from the keychain only when the user copies it or a line that works when pasted.
import { useQueryClient } from '@tanstack/react-query';
import { useAccount } from '../../data/account-context.ts';
import { keys } from '../../data/keys.ts';
import { useLastQuestion } from '../../last-question.ts';
import { curlExamples } from './curl.ts';
import { LaunchAtLogin } from './LaunchAtLogin.tsx';
import { DesktopPortForm, desktopBridge } from './DesktopPort.tsx';
import { KeyActions } from './KeyActions.tsx';
import { useCopy } from './use-copy.ts';

export function ApiPanel() {
  const { status, account } = useAccount();
  const bridge = desktopBridge();
  const { said, say, copy } = useCopy();
  const client = useQueryClient();
  const base = status.api.baseUrl;
  const question = useLastQuestion();
  return (
    <section id="local-api" className="panel" aria-labelledby="api-title">
      <h2 id="api-title">Local API</h2>
      <div className="card">
        <dl className="facts">
          <dt>Base URL</dt>
          <dd>{base ?? 'none (the window is talking to the service in-process)'}</dd>
          <dt>Listening</dt>
          <dd data-testid="api-listening" className={status.api.listening ? 'ok-text' : 'warn-text'}>
            <span aria-hidden="true">{status.api.listening ? '● ' : '▲ '}</span>
            {status.api.listening ? 'Yes, on 127.0.0.1 only' : 'No: scripts cannot reach the API right now'}
          </dd>
          <dt>Time zone</dt>
          <dd>{status.timeZone}</dd>
        </dl>
        {base !== null && (
          <>
            <p className="muted small">
              The key is masked here; each Copy puts the whole line, key included, on the clipboard, ready to paste into
              a terminal.
            </p>
            <ul className="curl-list">
              {curlExamples(base, question).map((ex) => (
                <li key={ex.title}>
                  <span className="curl-title">{ex.title}</span>
                  <code className="curl">{ex.shown}</code>
                  <button
                    type="button"
                    onClick={() => {
                      void copy(`the curl line "${ex.title}"`, ex.line);
                    }}
                    aria-label={`Copy curl command: ${ex.title}`}
                  >
                    Copy
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {bridge !== undefined && (
          <DesktopPortForm
            bridge={bridge}
            onMoved={() => {
              void client.invalidateQueries({ queryKey: keys.status });
            }}
          />
        )}
        {bridge !== undefined && <LaunchAtLogin bridge={bridge} />}
        <p role="status" className="saved">
          {said}
        </p>
        {account.kind === 'remote' && (
          <p className="muted small">
            For this account, the local API answers exactly what your provider at <code>{account.baseUrl}</code>{' '}
            answers: scripts use the same key, and the phrase goes to your provider unchanged.
          </p>
        )}
        <KeyActions copy={copy} say={say} />
      </div>
    </section>
  );
}
