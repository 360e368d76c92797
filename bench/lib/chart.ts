// Draws the results as a self-contained SVG (no browser, no dependency): throughput against the
// bare baseline with each ratio, CPU time per request against the bare server's, then every
// targeted figure as the share of its budget it uses on a log axis.
import { type Figure, budgetUsed, fmt, ratioOf, verdict } from './figures.ts';

const W = 1040;
const LABEL_W = 330;
const ROW = 22;
const PASS = '#2e7d32';
const FAIL = '#c62828';
const BASE = '#9e9e9e';
const INK = '#212121';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function text(
  x: number,
  y: number,
  s: string,
  opts: { anchor?: string; size?: number; weight?: string; fill?: string } = {},
): string {
  // A white halo keeps labels readable where they cross a bar end or the target line.
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${opts.size ?? 12}" text-anchor="${opts.anchor ?? 'start'}" font-weight="${opts.weight ?? 'normal'}" fill="${opts.fill ?? INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${esc(s)}</text>`;
}

/** Bars of the service against the bare server, one pair per figure of `unit`. */
function pairPanel(figures: Figure[], unit: string, title: string, top: number): { svg: string[]; height: number } {
  const rps = figures.filter((f) => f.unit === unit && f.value !== null);
  const out: string[] = [text(10, top + 16, title, { weight: 'bold', size: 14 })];
  const max = Math.max(1, ...rps.map((f) => Math.max(f.value ?? 0, f.baseline ?? 0)));
  const plotW = W - LABEL_W - 90;
  let y = top + 30;
  for (const f of rps) {
    const v = f.value ?? 0;
    out.push(text(LABEL_W - 8, y + 13, f.name, { anchor: 'end' }));
    if (f.baseline !== undefined) {
      out.push(
        `<rect x="${LABEL_W}" y="${y}" width="${((f.baseline / max) * plotW).toFixed(1)}" height="8" fill="${BASE}"/>`,
      );
      out.push(text(LABEL_W + (f.baseline / max) * plotW + 4, y + 8, fmt(f.baseline), { size: 10, fill: BASE }));
    }
    const colour = verdict(f) === 'FAIL' ? FAIL : verdict(f) === 'pass' ? PASS : '#546e7a';
    const ratio = ratioOf(f);
    out.push(
      `<rect x="${LABEL_W}" y="${y + 9}" width="${((v / max) * plotW).toFixed(1)}" height="10" fill="${colour}"/>`,
    );
    out.push(
      text(
        LABEL_W + (v / max) * plotW + 4,
        y + 18,
        `${fmt(v)}${ratio === undefined ? '' : `  (${fmt(ratio)}x bare${f.target === undefined ? '' : `, target ${f.target.replace(/ bare$/, '')}`})`}`,
        { size: 10 },
      ),
    );
    y += ROW + 4;
  }
  return { svg: out, height: y - top + 6 };
}

const LOG_MIN = -3; // 0.001 of the budget
const LOG_MAX = 1; // 10 times the budget

function budgetPanel(figures: Figure[], top: number): { svg: string[]; height: number } {
  const judged = figures.filter((f) => budgetUsed(f) !== undefined);
  const out: string[] = [
    text(10, top + 16, 'Share of each target used (log scale; left of the line = target met)', {
      weight: 'bold',
      size: 14,
    }),
  ];
  const plotW = W - LABEL_W - 150;
  const xOf = (share: number): number => {
    const l = Math.min(LOG_MAX, Math.max(LOG_MIN, Math.log10(share)));
    return LABEL_W + ((l - LOG_MIN) / (LOG_MAX - LOG_MIN)) * plotW;
  };
  let y = top + 30;
  const axisTop = y;
  const rows: string[] = [];
  for (const f of judged) {
    const share = budgetUsed(f) ?? 1;
    const colour = verdict(f) === 'FAIL' ? FAIL : PASS;
    rows.push(text(LABEL_W - 8, y + 13, `${f.section}: ${f.name}`, { anchor: 'end' }));
    rows.push(
      `<rect x="${LABEL_W}" y="${y + 3}" width="${(xOf(share) - LABEL_W).toFixed(1)}" height="13" fill="${colour}"/>`,
    );
    rows.push(text(xOf(share) + 4, y + 14, `${fmt(f.value)} ${f.unit} (target ${f.target ?? '?'})`, { size: 10 }));
    y += ROW;
  }
  for (let l = LOG_MIN; l <= LOG_MAX; l += 1) {
    const x = xOf(10 ** l);
    out.push(
      `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${axisTop}" y2="${y}" stroke="${l === 0 ? INK : '#e0e0e0'}" stroke-width="${l === 0 ? 2 : 1}"/>`,
    );
    out.push(text(x, y + 14, l === 0 ? 'target' : `${10 ** l}x`, { anchor: 'middle', size: 10 }));
  }
  // Grid first, then the rows on top of it.
  out.push(...rows);
  return { svg: out, height: y - top + 24 };
}

export function chartSvg(figures: Figure[], caption: string): string {
  const a = pairPanel(
    figures,
    'req/s',
    'HTTP throughput at 50 keep-alive connections (req/s; grey = bare node:http, same bytes, same load)',
    40,
  );
  const c = pairPanel(
    figures,
    'µs',
    'Server CPU time per request (µs, user + system; grey = bare node:http)',
    40 + a.height + 10,
  );
  const b = budgetPanel(figures, 40 + a.height + 10 + c.height + 10);
  const height = 40 + a.height + 10 + c.height + 10 + b.height + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    text(10, 24, caption, { size: 13, fill: '#555555' }),
    ...a.svg,
    ...c.svg,
    ...b.svg,
    '</svg>',
    '',
  ].join('\n');
}
