// `serve` in a terminal: each pushed alert as one line on stderr, so a person watching it sees
// it, and the morning's digest of what quiet hours held. The log function escapes control
// characters (the account's name is the user's text).
import type { AlertChannel } from './channel.ts';

export function terminalChannel(log: (line: string) => void): AlertChannel {
  return {
    quietToo: true,
    send: (alert, context) => {
      if (alert.kind === 'digest') {
        log(`digest: ${alert.title}. ${alert.text} (${alert.at.datetime})`);
        return;
      }
      log(
        `alert: ${alert.severity.toUpperCase()} "${alert.accountName}": ${alert.title}. ${alert.text} (${alert.at.datetime}${context.push ? '' : '; quiet hours: not pushed'})`,
      );
    },
    close: () => undefined,
  };
}
