// Reads a V8 CPU profile (node --cpu-prof) into what docs/bench/profile.md shows: self time per
// request by function and by kind of code, and a flame graph as a self-contained SVG (callers
// below, callees above, widths in proportion to time). Idle samples are left out.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export type Kind = 'service' | 'dependencies' | 'node' | 'gc' | 'native';

export interface ProfileSummary {
  /** Busy microseconds per request (idle excluded). */
  busyUs: number;
  byKind: Record<Kind, number>;
  /** Functions by self time per request, most first. */
  top: { name: string; where: string; kind: Kind; us: number }[];
}

function kindOf(frame: CallFrame): Kind {
  if (frame.functionName === '(garbage collector)') return 'gc';
  if (frame.url.includes('/src-main/')) return 'service';
  if (frame.url.includes('/node_modules/')) return 'dependencies';
  if (frame.url.startsWith('node:')) return 'node';
  // Built-ins and native calls (system calls such as writev, SQLite through better-sqlite3's
  // binding appear under their JavaScript caller instead).
  return 'native';
}

function where(frame: CallFrame): string {
  if (frame.url === '') return '';
  const short = frame.url.replace(/^file:\/\/.*?\/(src-main|node_modules|bench)\//, '$1/');
  return `${short}:${frame.lineNumber + 1}`;
}

function selfTimes(p: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  return self;
}

const isIdle = (n: ProfileNode): boolean => n.callFrame.functionName === '(idle)';

export function summarize(p: CpuProfile, requests: number, top = 15): ProfileSummary {
  const self = selfTimes(p);
  const byKind: Record<Kind, number> = { service: 0, dependencies: 0, node: 0, gc: 0, native: 0 };
  const byFunction = new Map<string, { name: string; where: string; kind: Kind; us: number }>();
  let busy = 0;
  for (const n of p.nodes) {
    const t = self.get(n.id) ?? 0;
    if (t === 0 || isIdle(n)) continue;
    const kind = kindOf(n.callFrame);
    busy += t;
    byKind[kind] += t / requests;
    const name = n.callFrame.functionName === '' ? '(anonymous)' : n.callFrame.functionName;
    const key = `${name}\u0000${where(n.callFrame)}`;
    const row = byFunction.get(key) ?? { name, where: where(n.callFrame), kind, us: 0 };
    row.us += t / requests;
    byFunction.set(key, row);
  }
  return { busyUs: busy / requests, byKind, top: [...byFunction.values()].sort((a, b) => b.us - a.us).slice(0, top) };
}

const COLOURS: Record<Kind, string> = {
  service: '#e57373',
  dependencies: '#ffb74d',
  node: '#64b5f6',
  gc: '#9575cd',
  native: '#bdbdbd',
};

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A flame graph of the profile's busy time. */
export function flameSvg(p: CpuProfile, title: string): string {
  const self = selfTimes(p);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const totals = new Map<number, number>();
  const total = (n: ProfileNode): number => {
    const known = totals.get(n.id);
    if (known !== undefined) return known;
    const t = isIdle(n)
      ? 0
      : (self.get(n.id) ?? 0) + (n.children ?? []).reduce((s, c) => s + total(byId.get(c) ?? n), 0);
    totals.set(n.id, t);
    return t;
  };
  const root = p.nodes[0];
  if (root === undefined) return '';
  const all = total(root);
  const W = 1200;
  const ROW = 16;
  const rects: string[] = [];
  let depthMax = 0;
  const draw = (n: ProfileNode, x: number, depth: number): void => {
    const t = totals.get(n.id) ?? 0;
    const w = (t / all) * W;
    if (w < 0.5) return;
    depthMax = Math.max(depthMax, depth);
    const name = depth === 0 ? 'all busy time' : n.callFrame.functionName || '(anonymous)';
    const label = `${name} ${where(n.callFrame)} ${((t / all) * 100).toFixed(1)}%`;
    rects.push(
      `<g><title>${esc(label)}</title><rect x="${x.toFixed(1)}" y="${-depth * ROW}" width="${w.toFixed(1)}" height="${ROW - 1}" fill="${depth === 0 ? '#eeeeee' : COLOURS[kindOf(n.callFrame)]}"/>${w > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${-depth * ROW + 11}" font-size="10">${esc(name.slice(0, Math.floor(w / 6)))}</text>` : ''}</g>`,
    );
    let cx = x;
    for (const c of n.children ?? []) {
      const child = byId.get(c);
      if (child === undefined) continue;
      draw(child, cx, depth + 1);
      cx += ((totals.get(child.id) ?? 0) / all) * W;
    }
  };
  draw(root, 0, 0);
  const height = (depthMax + 1) * ROW + 60;
  const legend = (Object.keys(COLOURS) as Kind[])
    .map(
      (k, i) =>
        `<rect x="${10 + i * 150}" y="${height - 18}" width="12" height="12" fill="${COLOURS[k]}"/><text x="${26 + i * 150}" y="${height - 8}" font-size="11">${k}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">`,
    '<rect width="100%" height="100%" fill="#ffffff"/>',
    `<text x="10" y="18" font-size="13">${esc(title)}</text>`,
    `<g transform="translate(0 ${height - 40 - ROW})">${rects.join('')}</g>`,
    legend,
    '</svg>',
    '',
  ].join('\n');
}
