// In the desktop app only: move the local API to another port. The preload exposes
// `window.accountMonitorDesktop` (src-shared/ipc.ts) for this one thing a page cannot do; in a
// browser it is absent.
import { useState, type SyntheticEvent } from 'react';
import type { AccountMonitorDesktop } from '../../../src-shared/ipc.ts';
import { readPort } from '../../../src-shared/port.ts';

declare global {
  interface Window {
    accountMonitorDesktop?: AccountMonitorDesktop;
  }
}

export function desktopBridge(): AccountMonitorDesktop | undefined {
  return typeof window === 'undefined' ? undefined : window.accountMonitorDesktop;
}

/** A port the user typed: 0 (any free port) or 1024 to 65535; otherwise a message. */
export function checkPort(text: string): number | string {
  const read = readPort(text, { userPortsOnly: true });
  return read.ok ? read.port : `${read.problem.charAt(0).toUpperCase()}${read.problem.slice(1)}.`;
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
    <form
      className="inline-form"
      onSubmit={(e) => {
        void submit(e);
      }}
    >
      <label htmlFor="api-port">Local API port</label>
      <input
        id="api-port"
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
        }}
        placeholder="8417"
      />
      <button type="submit" disabled={busy}>
        Change port
      </button>
      <p role="status" className="small">
        {message}
      </p>
    </form>
  );
}
