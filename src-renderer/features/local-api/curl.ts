// The curl lines the Local API panel offers: shown with the key masked, copied with it.
import type { LastQuestion } from '../../last-question.ts';

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
