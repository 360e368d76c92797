// `npm run bench`: measures the service against its baselines and targets, prints one table,
// writes bench/results/latest.json, docs/bench/latest.md and docs/bench/latest.svg.
// Flags: --soak (adds the 5-minute soak), --quick (short runs, to check the harness),
// --only=http,ledger,startup,cli,dates,mirror,warnings,idle,forecast,backtest,window (a subset), --redraw (docs from the last JSON, no measuring),
// --compare FILE (prints every figure's change against an earlier run's JSON), --profile
// (CPU profiles of the server under each HTTP load: docs/bench/profile.md and flame graphs),
// --against REF (the HTTP loads on this build and on another, a commit or a checkout, in the same rounds).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Figure, ratioOf, verdict } from './lib/figures.ts';
import { consoleTable, describeMachine, markdown, summary, type Machine } from './lib/report.ts';
import { chartSvg } from './lib/chart.ts';
import { ROOT } from './lib/procs.ts';
import { compareRuns, type SavedRun } from './lib/compare.ts';
import { profileFigures } from './sections/profile.ts';
import { datesFigures } from './sections/dates.ts';
import { startupFigures } from './sections/startup.ts';
import { cliStartupFigures } from './sections/cli-startup.ts';
import { httpFigures } from './sections/http.ts';
import { againstFigures } from './sections/against.ts';
import { prepareOtherBuild, type OtherBuild } from './lib/other-build.ts';
import { ledgerFigures } from './sections/ledger.ts';
import { forecastFigures } from './sections/forecast.ts';
import { backtestFigures } from './sections/backtest.ts';
import { mirrorFigures } from './sections/mirror.ts';
import { soakFigures } from './sections/soak.ts';
import { warningsFigures } from './sections/warnings.ts';
import { idleFigures } from './sections/idle.ts';
import { windowFigures } from './sections/window.ts';
import { makeWorkdir } from './sections/workdir.ts';
import { buildCli, cliBundleIsStale } from '../scripts/build-cli.ts';

const args = process.argv.slice(2);

/** The chart's first line: when, and the machine it came from. */
function captionOf(when: string, m: Machine, mode: string): string {
  return `Account Monitor bench ${when} (${mode}): ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, load average ${m.load1} at start`;
}
/** The value of `--name VALUE` or `--name=VALUE`; '' when the flag is there without one. */
function valueOf(name: string): string | undefined {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  const arg = at === -1 ? undefined : args[at];
  if (arg === undefined) return undefined;
  const value = arg.includes('=') ? arg.slice(name.length + 1) : args[at + 1];
  return value === undefined || value.startsWith('--') ? '' : value;
}

/** A flag that cannot be used: one line, exit 2, before anything is measured. */
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `--compare FILE`: read before measuring, so a bad path fails at once. */
const compareFile = valueOf('--compare');
if (compareFile === '')
  refuse('--compare needs the JSON file of an earlier run (e.g. a copy of bench/results/latest.json)');
let earlier: SavedRun | undefined;
if (compareFile !== undefined) {
  try {
    earlier = JSON.parse(readFileSync(compareFile, 'utf8')) as SavedRun;
    if (!Array.isArray(earlier.figures)) throw new Error('it has no "figures" list');
  } catch (err) {
    refuse(`--compare: cannot use ${compareFile}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --redraw: rewrite docs/bench from bench/results/latest.json without measuring (after a change
// to the chart or the table layout).
if (args.includes('--redraw')) {
  const saved = JSON.parse(readFileSync(join(ROOT, 'bench', 'results', 'latest.json'), 'utf8')) as {
    when: string;
    mode: string;
    machine: Machine;
    figures: Figure[];
  };
  const caption = captionOf(saved.when, saved.machine, saved.mode);
  writeFileSync(join(ROOT, 'docs', 'bench', 'latest.svg'), chartSvg(saved.figures, caption));
  writeFileSync(
    join(ROOT, 'docs', 'bench', 'latest.md'),
    markdown(saved.figures, saved.machine, saved.when, 'latest.svg', saved.mode),
  );
  console.log('redrew docs/bench/latest.md and docs/bench/latest.svg from bench/results/latest.json');
  process.exit(0);
}
/** `--against REF`: the other build is made ready before measuring, so a bad ref fails at once. */
const againstSpec = valueOf('--against');
if (againstSpec === '')
  refuse('--against needs a commit of this repository or a folder holding a checkout with its node_modules');
let other: OtherBuild | undefined;
if (againstSpec !== undefined) {
  try {
    other = prepareOtherBuild(againstSpec);
  } catch (err) {
    refuse(err instanceof Error ? err.message : String(err));
  }
}
const soak = args.includes('--soak');
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
// --against names its own section, so it runs whatever --only says.
const wanted = (name: string): boolean =>
  only === undefined || only.includes(name) || (name === 'against' && other !== undefined);

const machine = describeMachine();
const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const mode = [quick ? 'quick' : 'full', soak ? 'with soak' : 'no soak'].join(', ');
console.log(`bench ${when} (${mode}) on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);

// The CLI every section spawns is the bundle: built again when any source is newer than it.
if (cliBundleIsStale()) await buildCli();

const work = makeWorkdir();
const figures: Figure[] = [];

async function section(name: string, run: () => Promise<Figure[]>): Promise<void> {
  if (!wanted(name)) return;
  const t0 = performance.now();
  console.log(`\n== ${name}`);
  try {
    const got = await run();
    figures.push(...got);
    for (const f of got)
      console.log(`   ${f.name}: ${f.value === null ? 'not available' : f.value.toFixed(4)} ${f.unit} ${verdict(f)}`);
  } catch (e) {
    // One broken section must not hide the others' figures; it shows as a row that says why.
    const message = e instanceof Error ? e.message : String(e);
    console.error(`   ${name} failed: ${message}`);
    figures.push({
      section: name,
      name: `${name} section`,
      value: null,
      unit: '',
      note: `failed: ${message.split('\n')[0] ?? ''}`.slice(0, 300),
    });
  }
  console.log(`   (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

try {
  await section('dates', datesFigures);
  await section('startup', () => startupFigures(work));
  await section('cli', () => cliStartupFigures(work));
  await section('http', () => httpFigures(work, quick));
  const otherBuild = other;
  if (otherBuild !== undefined) await section('against', () => againstFigures(work, otherBuild, quick));
  await section('ledger', () => ledgerFigures(work, quick));
  await section('mirror', () => mirrorFigures(work, quick));
  await section('warnings', () => warningsFigures(work, quick));
  await section('idle', () => idleFigures(work, quick));
  await section('forecast', () => forecastFigures(work));
  await section('backtest', () => backtestFigures(work, quick));
  await section('window', () => windowFigures(work));
  if (soak) await section('soak', () => soakFigures(work, quick));
  if (args.includes('--profile')) await section('profile', () => profileFigures(work, quick));
} finally {
  work.cleanup();
}

console.log('\n' + consoleTable(figures));
const s = summary(figures);
console.log(`\n${s.pass} targets met, ${s.fail} missed, ${s.na} without a target or not measured`);
if (earlier !== undefined) console.log(`\n${compareRuns(earlier, figures)}`);

const resultsDir = join(ROOT, 'bench', 'results');
const docsDir = join(ROOT, 'docs', 'bench');
mkdirSync(resultsDir, { recursive: true });
mkdirSync(docsDir, { recursive: true });
const json = {
  when,
  mode,
  machine,
  figures: figures.map((f) => ({ ...f, ratio: ratioOf(f) ?? null, result: verdict(f) })),
};
writeFileSync(join(resultsDir, 'latest.json'), JSON.stringify(json, null, 2) + '\n');
// A partial run (--only) or a comparison (--against) must not replace the published table and chart.
if (only === undefined && other === undefined) {
  const caption = captionOf(when, machine, mode);
  writeFileSync(join(docsDir, 'latest.svg'), chartSvg(figures, caption));
  writeFileSync(join(docsDir, 'latest.md'), markdown(figures, machine, when, 'latest.svg', mode));
  console.log('wrote bench/results/latest.json, docs/bench/latest.md, docs/bench/latest.svg');
} else {
  console.log(
    `wrote bench/results/latest.json (${other === undefined ? 'partial run' : 'comparison'}: docs/bench left as they were)`,
  );
}
