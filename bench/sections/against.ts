// `--against=REF`: the HTTP section's four loads on this build's service and on another build's
// (see lib/other-build.ts), with the bare server beside them, taking turns in the same rounds.
// A table published on another day compares two machines as much as two builds (the same host
// has served the bare answer at 24,000 and at 90,000 a second). Here each round runs the three
// servers back to back, in an order that rotates, and the ratio of each round's pair counts; and
// since one process of a build can come out several per cent faster or slower than the next
// (measured: the same two builds at 0.905x and at 1.01x in two runs, every round of a run alike),
// each load is measured on three fresh pairs of services.
import { join } from 'node:path';
import type { Figure } from '../lib/figures.ts';
import { median } from '../lib/median.ts';
import type { OtherBuild } from '../lib/other-build.ts';
import { runJsonChild, runJsonCommand, startBare, startService, stop, type Started } from '../lib/procs.ts';
import { getAnswer, makeDemo } from './demo.ts';
import { httpLoads, KEYS, round, UNIQUE_START, type Endpoint, type Round } from './http.ts';
import type { Workdir } from './workdir.ts';

type Side = 'this' | 'other' | 'bare';
const SIDES: readonly Side[] = ['this', 'other', 'bare'];

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
const cpus = (rs: Round[]): string =>
  list(
    rs.flatMap((r) => r.cpuUs ?? []),
    1,
  );

type Answer = Awaited<ReturnType<typeof getAnswer>>;

/** How one load is measured: fresh processes `pairs` times, each pair loaded for `rounds` rounds. */
interface Plan {
  pairs: number;
  rounds: number;
  seconds: number;
}

async function measureLoad(
  label: string,
  loads: Record<'this' | 'other', Endpoint>,
  start: () => Promise<Record<'this' | 'other', Started>>,
  plan: Plan,
): Promise<Figure[]> {
  const got: Record<Side, Round[]> = { this: [], other: [], bare: [] };
  let counter = UNIQUE_START;
  let mine: Answer | undefined;
  let theirs: Answer | undefined;
  // One process of a build can come out a few per cent faster or slower than the next (how V8
  // happened to tier its hot functions): each pair of services serves only `rounds` rounds.
  for (let p = 0; p < plan.pairs; p++) {
    const servers = await start();
    let bare: Started | undefined;
    try {
      mine = await getAnswer(servers.this.origin + loads.this.sample);
      theirs = await getAnswer(servers.other.origin + loads.other.sample);
      bare = await startBare(mine.body, mine.headers);
      const serversNow = { ...servers, bare };
      const one = async (side: Side, s: number): Promise<Round> => {
        const server = serversNow[side];
        const e = side === 'bare' ? loads.this : loads[side];
        const r = await round(server, server.origin + e.path, s, e.shape(counter));
        counter += r.load.total + 1000;
        return r;
      };
      for (const side of SIDES) await one(side, 1);
      for (let i = 0; i < plan.rounds; i++)
        for (let j = 0; j < SIDES.length; j++) {
          const side = SIDES[(p + i + j) % SIDES.length] ?? 'this';
          got[side].push(await one(side, plan.seconds));
        }
    } finally {
      if (bare !== undefined) await stop(bare.child);
      await stop(servers.this.child);
      await stop(servers.other.child);
    }
  }
  if (mine === undefined || theirs === undefined) throw new Error(`${label}: no pair of services was measured`);
  const rounds = got.this.length;
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
      value: median(vsOther),
      unit: 'x',
      target: '>= 0.95x',
      check: { op: '>=', limit: 0.95, on: 'value' },
      note: `median of ${rounds} rounds' ratios ${list(vsOther, 3)}; req/s this ${list(got.this.map(rps), 0)}, other ${list(got.other.map(rps), 0)}, bare ${list(got.bare.map(rps), 0)}; ${sameAnswer}`,
    },
    {
      section: 'against',
      name: `${label} CPU per request, this build / the other`,
      value: cpuVsOther.length === 0 ? null : median(cpuVsOther),
      unit: 'x',
      note: `rounds' ratios ${list(cpuVsOther, 3)}; µs this ${cpus(got.this)}, other ${cpus(got.other)}`,
    },
    {
      section: 'against',
      name: `${label} req/s over bare, this build`,
      value: median(thisVsBare),
      unit: 'x',
      note: `rounds' ratios ${list(thisVsBare, 3)}`,
    },
    {
      section: 'against',
      name: `${label} req/s over bare, the other`,
      value: median(otherVsBare),
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
  const start = async (): Promise<Record<'this' | 'other', Started>> => {
    const mine = await startService(mineDemo.dir);
    try {
      return { this: mine, other: await startService(theirDemo.dir, {}, [], true, other.cli) };
    } catch (err) {
      await stop(mine.child);
      throw err;
    }
  };
  const plan: Plan = quick ? { pairs: 2, rounds: 2, seconds: 2 } : { pairs: 3, rounds: 3, seconds: 3 };
  const figures: Figure[] = [];
  for (const [i, e] of mineLoads.entries()) {
    const theirs = theirLoads[i];
    if (theirs === undefined) continue;
    figures.push(...(await measureLoad(e.label, { this: e, other: theirs }, start, plan)));
  }
  const first = figures[0];
  if (first !== undefined)
    first.note = `the other build: ${other.label}; ${plan.pairs} pairs of fresh services, ${plan.rounds} rounds of ${plan.seconds} s each; ${first.note ?? ''}`;
  return figures;
}
