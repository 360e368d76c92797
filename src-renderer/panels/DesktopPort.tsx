// In the desktop app only: move the local API to another port. The preload exposes
// `window.accountMonitorDesktop` for this one thing a page cannot do; in a browser it is absent.
import { useState, type SyntheticEvent } from 'react';
import type { AccountMonitorDesktop } from '../../src-main/desktop/preload-api.ts';

declare global {
  interface Window { accountMonitorDesktop?: AccountMonitorDesktop }
}

export function desktopBridge(): AccountMonitorDesktop | undefined {
  return typeof window === 'undefined' ? undefined : window.accountMonitorDesktop;
}

/** A port the user typed: 0 (any free port) or 1024 to 65535; otherwise a message. */
export function checkPort(text: string): number | string {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return 'Enter a port number: 1024 to 65535, or 0 for any free port.';
  const port = Number(t);
  if (port !== 0 && (port < 1024 || port > 65_535)) return 'Choose a port from 1024 to 65535 (or 0 for any free port).';
  return port;
}

export function DesktopPortForm({ bridge, onMoved }: { bridge: AccountMonitorDesktop; onMoved: () => void }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const port = checkPort(text);
    if (typeof port === 'string') {
      setMessage(port);
      return;
    }
    setBusy(true);
    try {
      const change = await bridge.setApiPort(port);
      if (change.ok) {
        setMessage(`The local API now listens on ${change.state.url ?? `port ${change.state.port}`}.`);
        onMoved();
      } else {
        setMessage(`Not moved: ${change.message}`);
      }
    } catch (error) {
      setMessage(`Not moved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inline-form" onSubmit={(e) => { void submit(e); }}>
      <label htmlFor="api-port">Local API port</label>
      <input id="api-port" inputMode="numeric" value={text} onChange={(e) => { setText(e.target.value); }} placeholder="8417" />
      <button type="submit" disabled={busy}>Change port</button>
      <p role="status" className="small">{message}</p>
    </form>
  );
}
