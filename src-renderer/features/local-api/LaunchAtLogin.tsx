// In the desktop app only: start Account Monitor when the user logs in (off by default). The app
// then starts hidden in the tray. The main process does the platform's part (a login item, or an
// XDG autostart entry on Linux) through the desktop bridge (src-shared/ipc.ts).
import { useEffect, useState } from 'react';
import type { AccountMonitorDesktop, LaunchAtLoginState, Refused } from '../../../src-shared/ipc.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

function refused(answer: LaunchAtLoginState | Refused): answer is Refused {
  return 'ok' in answer;
}

export function LaunchAtLogin({ bridge }: { bridge: AccountMonitorDesktop }) {
  const [state, setState] = useState<LaunchAtLoginState>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    bridge.launchAtLogin().then(
      (answer) => {
        if (!live) return;
        if (refused(answer)) setMessage(`Cannot read the setting: ${answer.message}`);
        else setState(answer);
      },
      (error: unknown) => {
        if (live) setMessage(`Cannot read the setting: ${messageOf(error)}`);
      },
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      const answer = await bridge.setLaunchAtLogin(enabled);
      if (refused(answer)) {
        setMessage(`Not changed: ${answer.message}`);
        return;
      }
      setState(answer);
      setMessage(
        answer.problem !== null
          ? `Not changed: ${answer.problem}`
          : answer.enabled
            ? 'Account Monitor will start when you log in, in the tray.'
            : 'Account Monitor will not start when you log in.',
      );
    } catch (error: unknown) {
      setMessage(`Not changed: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  };

  if (state?.supported === false)
    return <p className="muted small">Starting at login is not available here ({state.problem ?? 'unsupported'}).</p>;
  return (
    <div className="inline-form">
      <label>
        <input
          type="checkbox"
          checked={state?.enabled ?? false}
          disabled={state === undefined || busy}
          onChange={(e) => {
            void change(e.target.checked);
          }}
        />{' '}
        Start Account Monitor when I log in (in the tray)
      </label>
      <p role="status" className="small">
        {message}
      </p>
    </div>
  );
}
