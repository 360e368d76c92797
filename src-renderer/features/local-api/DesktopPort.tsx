// In the desktop app only: move the local API to another port. The preload exposes
// `window.accountMonitorDesktop` (src-shared/ipc.ts) for this one thing a page cannot do; in a
// browser it is absent.
import { accepted, refused, type Checked } from '../../../src-shared/checked.ts';
import type { AccountMonitorDesktop } from '../../../src-shared/ipc.ts';
import { readPort } from '../../../src-shared/port.ts';
import { FormStatus, TextField } from '../../components/Field.tsx';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';

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
  const form = useForm({
    initial: { port: '' },
    check: ({ port }): Checked<number, 'port'> => {
      const checked = checkPort(port);
      return typeof checked === 'string' ? refused(checked, 'port') : accepted(checked);
    },
    send: async (port) => {
      const change = await bridge.setApiPort(port);
      if (!change.ok) throw new Error(change.message);
      onMoved();
      return `The local API now listens on ${change.state.url ?? `port ${change.state.port}`}.`;
    },
    refused: (error) => ({ text: `Not moved: ${messageOf(error)}` }),
  });

  return (
    <form className="inline-form" {...form.props}>
      <TextField id="api-port" label="Local API port" inputMode="numeric" placeholder="8417" {...form.field('port')} />
      <button type="submit" disabled={form.busy}>
        Change port
      </button>
      <FormStatus outcome={form.outcome} />
    </form>
  );
}
