// `resolve`: how a phrase is understood, alone or as a stream of JSON lines. Opens no store.
import { readConfig } from '../../config.ts';
import { formatLocal, resolve, type ResolveOptions } from '../../dates/index.ts';
import { print } from '../context.ts';

interface ResolveOpts { now?: string; tz?: string; jsonl?: boolean; json?: boolean }

function options(opts: ResolveOpts): ResolveOptions {
  const env = { ...process.env };
  if (opts.tz !== undefined) env.ACCOUNT_MONITOR_TZ = opts.tz;
  if (opts.now !== undefined) env.ACCOUNT_MONITOR_NOW = opts.now;
  const config = readConfig(env);
  return { now: config.clock(), timeZone: config.timeZone };
}

function answer(text: string, o: ResolveOptions): string {
  const r = resolve(text, o);
  return `{"datetime":"${formatLocal(r.epochSeconds, o.timeZone)}","understood":${r.understood}}`;
}

export function resolveCommand(phrase: string | undefined, opts: ResolveOpts): Promise<void> {
  const o = options(opts);
  if (opts.jsonl !== true) {
    const r = resolve(phrase, o);
    const datetime = formatLocal(r.epochSeconds, o.timeZone);
    print(opts.json === true ? JSON.stringify({ datetime, understood: r.understood, stage: r.stage }) : datetime);
    if (!r.understood && opts.json !== true) process.stderr.write('not understood, so now\n');
    return Promise.resolve();
  }
  return new Promise((done) => {
    let pending = '';
    let lineNo = 0;
    const handle = (line: string): string => {
      lineNo += 1;
      let text: unknown;
      try {
        text = JSON.parse(line);
      } catch {
        text = undefined;
      }
      if (typeof text !== 'string') {
        process.exitCode = 1;
        return `{"error":"line ${lineNo} is not a JSON string"}`;
      }
      return answer(text, o);
    };
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const out: string[] = [];
      for (const line of lines) if (line.trim() !== '') out.push(handle(line));
      if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
    });
    process.stdin.on('end', () => {
      if (pending.trim() !== '') process.stdout.write(handle(pending) + '\n');
      done();
    });
  });
}
