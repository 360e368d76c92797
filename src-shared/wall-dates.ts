// Wall times as the service writes them ("YYYY-MM-DD HH:MM:SS", already in the configured zone)
// in the words the app uses for dates: "Sun 17 Jan 2027", "31 Mar 2027". Formatted from the parts,
// never through Date in a zone, so nobody's own zone shifts what the service said.
// (src-renderer/lib/datetime.ts's formatDate writes the same; it can import this one.)

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Sun 17 Jan 2027" (`weekday`), "17 Jan 2027" without; the time too ("… 09:30") when it is not midnight. */
export function wallDate(text: string, options: { weekday?: boolean } = {}): string {
  const m = WALL.exec(text.trim());
  if (!m) return text;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const day = `${d} ${MONTHS[mo - 1] ?? ''} ${y}`;
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()] ?? '';
  const date = options.weekday === true ? `${weekday} ${day}` : day;
  const time = text.trim().slice(11, 19);
  return time === '00:00:00' ? date : `${date} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`;
}
