// `--against=REF`: the HTTP section's four loads on this build's service and on another build's
// (see lib/other-build.ts), with the bare server beside them, taking turns in the same rounds.
// A table published on another day compares two machines as much as two builds (the same host
// has served the bare answer at 24,000 and at 90,000 a second); here each round runs the three
// servers back to back, in an order that rotates, and the ratio of each round's pair counts.
import { join } from 'node:path';
import type { Figure } from '../lib/figures.ts';
import type { OtherBuild } from '../lib/other-build.ts';
import { runJsonChild, runJsonCommand, startBare, startService, stop, type Started } from '../lib/procs.ts';
import { getAnswer, makeDemo } from './demo.ts';
import { httpLoads, KEYS, round, UNIQUE_START, type Endpoint, type Round } from './http.ts';
import type { Workdir } from './workdir.ts';

type Side = 'this' | 'other' | 'bare';
const SIDES: readonly Side[] = ['this', 'other', 'bare'];

function medianOf(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const m = sorted[Math.floor(sorted.length / 2)];
  if (m === undefined) throw new Error('no rounds');
  return m;
}

/** Each round's `a` over the same round's `b`, by the figure `pick` reads. */
function perRound(a: Round[], b: Round[], pick: (r: Round) => number | undefined): number[] {
  return a.flatMap((r, i) => {
    const x = pick(r);
    const y = b[i] === undefined ? undefined : pick(b[i]);
    return x === undefined || y === undefined || y === 0 ? [] : [x / y];
  });
}

const rps = (r: Round): number => r.load.rps;
const cpu = (r: Round): number | undefined => r.cpuUs;
const list = (xs: number[], digits: number): string => xs.map((x) => x.toFixed(digits)).join('/');

async function measureLoad(
  label: string,
  loads: Record<'this' | 'other', Endpoint>,
  servers: Record<'this' | 'other', Started>,
  seconds: number,
  rounds: number,
): Promise<Figure[]> {
  const mine = await getAnswer(servers.this.origin + loads.this.sample);
  const theirs = await getAnswer(servers.other.origin + loads.other.sample);
  const bare = await startBare(mine.body, mine.headers);
  let counter = UNIQUE_START;
  const one = async (side: Side, s: number): Promise<Round> => {
    const server = side === 'bare' ? bare : servers[side];
    const e = side === 'bare' ? loads.this : loads[side];
    const r = await round(server, server.origin + e.path, s, e.shape(counter));
    counter += r.load.total + 1000;
    return r;
  };
  try {
    for (const side of SIDES) await one(side, 1);
    const got: Record<Side, Round[]> = { this: [], other: [], bare: [] };
    for (let i = 0; i < rounds; i++)
      for (let j = 0; j < SIDES.length; j++) {
        const side = SIDES[(i + j) % SIDES.length] ?? 'this';
        got[side].push(await one(side, seconds));
      }
    const errors = got.this.reduce((n, r) => n + r.load.errors, 0) + got.other.reduce((n, r) => n + r.load.errors, 0);
    const vsOther = perRound(got.this, got.other, rps);
    const cpuVsOther = perRound(got.this, got.other, cpu);
    const thisVsBare = perRound(got.this, got.bare, rps);
    const otherVsBare = perRound(got.other, got.bare, rps);
    const sameAnswer =
      mine.body === theirs.body
        ? 'the two builds answer the same bytes'
        : 'the two builds answer different bytes (their demo data differ)';
    return [
      {
        section: 'against',
        name: `${label} req/s, this build / the other`,
        value: medianOf(vsOther),
        unit: 'x',
        target: '>= 0.95x',
        check: { op: '>=', limit: 0.95, on: 'value' },
        note: `median of ${rounds} rounds' ratios ${list(vsOther, 3)}; req/s this ${list(got.this.map(rps), 0)}, other ${list(got.other.map(rps), 0)}, bare ${list(got.bare.map(rps), 0)}; ${sameAnswer}`,
      },
      {
        section: 'against',
        name: `${label} CPU per request, this build / the other`,
        value: cpuVsOther.length === 0 ? null : medianOf(cpuVsOther),
        unit: 'x',
        note: `rounds' ratios ${list(cpuVsOther, 3)}; µs this ${list(
          got.this.flatMap((r) => r.cpuUs ?? []),
          1,
        )}, other ${list(
          got.other.flatMap((r) => r.cpuUs ?? []),
          1,
        )}`,
      },
      {
        section: 'against',
        name: `${label} req/s over bare, this build`,
        value: medianOf(thisVsBare),
        unit: 'x',
        note: `rounds' ratios ${list(thisVsBare, 3)}`,
      },
      {
        section: 'against',
        name: `${label} req/s over bare, the other`,
        value: medianOf(otherVsBare),
        unit: 'x',
        note: `rounds' ratios ${list(otherVsBare, 3)}`,
      },
      {
        section: 'against',
        name: `${label} errors`,
        value: errors,
        unit: 'errors',
        target: '= 0',
        check: { op: '<=', limit: 0, on: 'value' },
      },
    ];
  } finally {
    await stop(bare.child);
  }
}

export async function againstFigures(work: Workdir, other: OtherBuild, quick: boolean): Promise<Figure[]> {
  // Each build makes its own data folder with its own code: a build may not open a newer schema.
  const mineDemo = await makeDemo(work.path('against-this'));
  const theirDemo = await makeDemo(work.path('against-other'), other.cli);
  const mineKeys = await runJsonChild<{ keys: string[] }>('keys-child.ts', [mineDemo.dir, String(KEYS)]);
  const theirKeys = await runJsonCommand<{ keys: string[] }>("the other build's keys-child.ts", process.execPath, [
    join(other.root, 'bench', 'keys-child.ts'),
    theirDemo.dir,
    String(KEYS),
  ]);
  const mineLoads = httpLoads(mineDemo, mineKeys.keys);
  const theirLoads = httpLoads(theirDemo, theirKeys.keys);
  const servers = {
    this: await startService(mineDemo.dir),
    other: await startService(theirDemo.dir, {}, [], true, other.cli),
  };
  const figures: Figure[] = [];
  try {
    for (const [i, e] of mineLoads.entries()) {
      const theirs = theirLoads[i];
      if (theirs === undefined) continue;
      figures.push(...(await measureLoad(e.label, { this: e, other: theirs }, servers, quick ? 2 : 3, quick ? 3 : 7)));
    }
    const first = figures[0];
    if (first !== undefined) first.note = `the other build: ${other.label}; ${first.note ?? ''}`;
  } finally {
    await stop(servers.this.child);
    await stop(servers.other.child);
  }
  return figures;
}
