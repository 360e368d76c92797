// Local API: where scripts reach the service, whether it is listening, and curl lines to copy.
// The key is not kept in the page (design brief point 4): the lines show it masked, and it is
// read from the keychain only when the user copies it or a line that works when pasted.
import { useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog.tsx';
import { messageOf, useApp } from '../hooks.ts';
import { useLastQuestion, type LastQuestion } from '../last-question.ts';
import { DesktopPortForm, desktopBridge } from './DesktopPort.tsx';

export const KEY_VARIABLE = 'ACCOUNT_MONITOR_KEY';

export interface CurlExample {
  title: string;
  shown: string;
  line: (key: string) => string;
}

export function curlExamples(baseUrl: string, question?: LastQuestion): CurlExample[] {
  const base = baseUrl.replace(/\/+$/, '');
  const make = (title: string, path: string, extra = ''): CurlExample => ({
    title,
    shown: `curl "${base}${path}?key=••••••••${extra}"`,
    // Keys may hold + / = and the like: percent-encoded, as a URL needs them.
    line: (key) => `curl "${base}${path}?key=${encodeURIComponent(key)}${extra}"`,
  });
  // The window's last Balance-at question, as the instant it was read as: the same answer
  // whatever the script's reading of the words (01/07/2026 is 7 January to get_balance).
  const asked =
    question === undefined
      ? []
      : [
          make(
            `Your question "${question.phrase}"`,
            '/account/get_balance/',
            `&datetime=${encodeURIComponent(question.datetime)}`,
          ),
        ];
  return [
    ...asked,
    make('Balance now', '/account/get_balance/'),
    make('Balance in a week', '/account/get_balance/', '&datetime=%2B1%20week'),
    make('Balance on a date', '/account/get_balance/', '&datetime=2027-01-01'),
    make('Notification settings', '/account/get_notification_settings/'),
  ];
}

export function ApiPanel() {
  const { status, report, changed, api, account, reloadStatus } = useApp();
  const bridge = desktopBridge();
  const [copied, setCopied] = useState<string>();
  const [forgetting, setForgetting] = useState(false);
  const [asking, setAsking] = useState<ConfirmRequest>();
  const base = status.api.baseUrl;
  const question = useLastQuestion();

  /** Copies what `make` builds from the key, read now from where the window keeps it. */
  const copy = async (what: string, make: (key: string) => string) => {
    let text: string;
    try {
      text = make(await api.key());
    } catch (error) {
      report(error);
      setCopied(`Could not read the key: ${messageOf(error)}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${what}. It contains your key: paste it where only you can see it.`);
    } catch {
      setCopied('Copying is not allowed here: the browser refused the clipboard.');
    }
  };
  const forget = async (how: 'forget' | 'disconnect') => {
    setForgetting(true);
    try {
      await (how === 'forget' ? api.forgetKey() : api.disconnect());
      await reloadStatus();
    } catch (error) {
      report(error);
      setCopied(`Could not ${how === 'forget' ? 'forget the key' : 'disconnect'}: ${messageOf(error)}`);
      setForgetting(false);
    }
  };

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
        {bridge !== undefined && <DesktopPortForm bridge={bridge} onMoved={changed} />}
        <p role="status" className="saved">
          {copied}
        </p>
        {account.kind === 'remote' && (
          <p className="muted small">
            For this account, the local API answers exactly what your provider at <code>{account.baseUrl}</code>{' '}
            answers: scripts use the same key, and the phrase goes to your provider unchanged.
          </p>
        )}
        <h3>This window&apos;s key</h3>
        <p className="dialog-buttons start">
          <button
            type="button"
            onClick={() => {
              void copy('the key', (key) => key);
            }}
          >
            Copy key
          </button>
          <button
            type="button"
            onClick={() => {
              void copy(`the line that sets ${KEY_VARIABLE}`, (key) => `export ${KEY_VARIABLE}='${key}'`);
            }}
          >
            Copy <code>export {KEY_VARIABLE}=…</code>
          </button>
        </p>
        <p className="muted small">
          Forgetting the key removes it from {status.vault.store}; the account{' '}
          {account.kind === 'remote' ? 'stays connected (scripts keep working)' : 'and its ledger stay'}.
        </p>
        <button
          type="button"
          className="danger"
          disabled={forgetting}
          onClick={() => {
            setAsking({
              title: `Forget the key of ${account.name}?`,
              body: (
                <>
                  <p>
                    The key is removed from {status.vault.store}, and this window stops showing {account.name} until you
                    give the key again.
                  </p>
                  <p>
                    {account.kind === 'remote'
                      ? 'The account stays connected: scripts using the key keep working.'
                      : 'The account and its ledger stay in the data folder; without the key you cannot reach them, so make sure you have it written down.'}
                  </p>
                </>
              ),
              confirm: 'Forget key',
              onConfirm: () => {
                void forget('forget');
              },
            });
          }}
        >
          Forget this key
        </button>
        {account.kind === 'remote' && (
          <>
            <p className="muted small">
              Disconnecting also makes the local API refuse this key. Connect again with it at any time.
            </p>
            <button
              type="button"
              className="danger"
              disabled={forgetting}
              onClick={() => {
                setAsking({
                  title: `Disconnect ${account.name}?`,
                  body: (
                    <p>
                      The local API refuses this account&apos;s key from now on, background checks stop, and the window
                      forgets the key. The history of checks is kept; connecting again with the same key brings it back.
                    </p>
                  ),
                  confirm: 'Disconnect',
                  onConfirm: () => {
                    void forget('disconnect');
                  },
                });
              }}
            >
              Disconnect this account
            </button>
          </>
        )}
      </div>
      <ConfirmDialog
        request={asking}
        close={() => {
          setAsking(undefined);
        }}
      />
    </section>
  );
}
