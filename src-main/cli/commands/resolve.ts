// `resolve`: how a phrase is understood, alone or as a stream of JSON lines. Opens no store: it
// loads the clock's configuration and the resolver, and commander only for --help or a mistake
// (its plain invocations are parsed by quick(); see ../README.md). The resolver is loaded by the
// action, so that this module can share the CLI bundle's chunk with status and check
// (scripts/build-cli.ts) without them loading the resolver.
import type { Command } from 'commander';
import { readClock, runClockInConfiguredZone } from '../../config-clock.ts';
import type { DateOrder, Resolution, ResolveOptions } from '../../dates/index.ts';
import { addOptions, DATE_ORDER, quickParse, type OptionSpec } from '../option-specs.ts';
import { write } from '../print.ts';

interface ResolveOpts {
  now?: string;
  tz?: string;
  jsonl?: boolean;
  json?: boolean;
  dateOrder?: DateOrder;
}

function options(opts: ResolveOpts): ResolveOptions {
  const env = { ...process.env };
  if (opts.tz !== undefined) env.ACCOUNT_MONITOR_TZ = opts.tz;
  if (opts.now !== undefined) env.ACCOUNT_MONITOR_NOW = opts.now;
  runClockInConfiguredZone(env);
  const clock = readClock(env);
  return { now: clock.clock(), timeZone: clock.timeZone, dateOrder: opts.dateOrder ?? 'mdy' };
}

/**
 * The text of the line `text[start..end)` when it is a plain quoted string (no escape, quote or
 * control character inside), as most lines are: taken as it is, with one slice and no copy of
 * the line. Undefined for any other line (JSON.parse then decides).
 */
function plainString(text: string, start: number, end: number): string | undefined {
  const last = end - 1;
  if (last - start < 1 || text.charCodeAt(start) !== 34 || text.charCodeAt(last) !== 34) return undefined;
  for (let i = start + 1; i < last; i++) {
    const c = text.charCodeAt(i);
    // A backslash, a quote or a control character: let JSON.parse decide.
    if (c === 92 || c === 34 || c < 32) return undefined;
  }
  return text.slice(start + 1, last);
}

function parsed(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Resolver {
  resolve: (text: string | undefined, options: ResolveOptions) => Resolution;
  formatLocal: (epochSeconds: number, timeZone: string) => string;
  formatLocalInto: (epochSeconds: number, timeZone: string, into: Uint8Array, at: number) => number;
}

/** The code of a failed system call ("EAGAIN"), if `err` is one. */
function errorCode(err: unknown): string | undefined {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads JSON lines on stdin and writes one answer per line, a chunk at a time (each chunk as it
 * arrives, so a script can write a line and wait for its answer). stdin is read with read(2)
 * itself, in a loop that resolves every line of a chunk in one go: no stream, no event per chunk,
 * and the resolver runs hot in one call stack, where V8 optimises it sooner. A stdin that does not
 * block (EAGAIN) is read through process.stdin instead, from there on. A byte-order mark at the
 * start (Windows tools write one) is skipped, as TextDecoder does, rather than failing line 1.
 */
async function resolveLines({ resolve, formatLocalInto }: Resolver, o: ResolveOptions): Promise<void> {
  let pending = '';
  let lineNo = 0;
  // The answers are written as bytes into one buffer, written out when nearly full and after
  // each chunk: a line's answer makes no string (its fixed parts are copied, the wall time is
  // written digit by digit), and nothing is encoded to UTF-8 on the way out.
  const out = Buffer.allocUnsafe(1 << 16);
  /** Room kept for one answer: the longest (an error line, or a wall time with a long year) is under 100 bytes. */
  const full = out.length - 128;
  let at = 0;
  const head = Buffer.from('{"datetime":"');
  const understood = Buffer.from('","understood":true}\n');
  const notUnderstood = Buffer.from('","understood":false}\n');
  /** False once no one reads the answers (EPIPE): nothing more is read or written then. */
  let reader = true;
  const flush = (): void => {
    if (at > 0 && reader) reader = write(out.subarray(0, at));
    at = 0;
  };
  /** Blank lines (only spaces, tabs or a CR) are skipped, as before. */
  const blank = (line: string): boolean => line.trim() === '';
  /** Answers the line `chunk[start..end)` (not empty), unless it is blank. */
  const answer = (chunk: string, start: number, end: number): void => {
    let text = plainString(chunk, start, end);
    if (text === undefined) {
      const line = chunk.slice(start, end);
      if (blank(line)) return;
      text = parsed(line);
    }
    lineNo += 1;
    if (text === undefined) {
      process.exitCode = 1;
      at += out.write(`{"error":"line ${lineNo} is not a JSON string"}\n`, at, 'latin1');
    } else {
      const r = resolve(text, o);
      out.set(head, at);
      at = formatLocalInto(r.epochSeconds, o.timeZone, out, at + head.length);
      const tail = r.understood ? understood : notUnderstood;
      out.set(tail, at);
      at += tail.length;
    }
    if (at >= full) flush();
  };
  /** Answers every whole line of `chunk`; false once no one reads the answers. */
  const take = (chunk: string): boolean => {
    const text = pending === '' ? chunk : pending + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0 && reader; nl = text.indexOf('\n', start)) {
      if (nl > start) answer(text, start, nl);
      start = nl + 1;
    }
    pending = text.slice(start);
    flush();
    return reader;
  };
  const decoder = new TextDecoder();
  const finish = (): void => {
    pending += decoder.decode();
    if (reader && pending !== '') {
      answer(pending, 0, pending.length);
      flush();
    }
  };

  const { readSync } = process.getBuiltinModule('node:fs');
  const bytes = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, bytes, 0, bytes.length, null);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'EOF') break; // Windows: the writing end of the pipe was closed
      if (code !== 'EAGAIN') throw err;
      return new Promise((done) => {
        process.stdin.on('data', (chunk: Buffer) => {
          if (!take(decoder.decode(chunk, { stream: true }))) process.stdin.destroy();
        });
        process.stdin.on('close', () => {
          finish();
          done();
        });
      });
    }
    if (n === 0) break;
    if (!take(decoder.decode(bytes.subarray(0, n), { stream: true }))) return;
  }
  finish();
}

export async function resolveCommand(phrase: string | undefined, opts: ResolveOpts): Promise<void> {
  const o = options(opts);
  const resolver: Resolver = await import('../../dates/index.ts');
  if (opts.jsonl === true) return resolveLines(resolver, o);
  const { resolve, formatLocal } = resolver;
  const r = resolve(phrase, o);
  const datetime = formatLocal(r.epochSeconds, o.timeZone);
  const line = opts.json === true ? JSON.stringify({ datetime, understood: r.understood, stage: r.stage }) : datetime;
  // Through write(2): one line does not need the stream machinery that process.stdout loads.
  write(`${line}\n`);
  if (!r.understood && opts.json !== true) process.stderr.write('not understood, so now\n');
}

const OPTIONS: readonly OptionSpec[] = [
  { flags: '--now <time>', description: 'local wall time YYYY-MM-DDTHH:MM:SS (env ACCOUNT_MONITOR_NOW)' },
  { flags: '--tz <zone>', description: 'IANA zone (env ACCOUNT_MONITOR_TZ)' },
  { flags: '--json', description: 'print {"datetime","understood","stage"}' },
  { flags: '--jsonl', description: 'read one JSON string per line on stdin, write one JSON object per line' },
  DATE_ORDER,
];

/** `resolve [phrase]`: its options and action (main.ts lists it and calls this for --help or a mistake). */
export function define(command: Command): void {
  addOptions(command, OPTIONS).action((phrase: string | undefined, o: ResolveOpts) => resolveCommand(phrase, o));
}

/**
 * Runs a plain invocation without commander (true once done); false, having done nothing, for any
 * other: main.ts then hands the arguments to commander.
 */
export async function quick(args: readonly string[]): Promise<boolean> {
  const parsed = quickParse(args, OPTIONS, 1);
  if (parsed === undefined) return false;
  await resolveCommand(parsed.operands[0], parsed.options);
  return true;
}
