// One demo data folder per run (the CLI's realistic demo account), shared by the sections
// that only need "an account with a year of history".
import { mkdirSync } from 'node:fs';
import { CLI, cliOk } from '../lib/procs.ts';
import type { Workdir } from './workdir.ts';

export interface Demo {
  dir: string;
  key: string;
}

let cached: Demo | undefined;

export async function ensureDemo(work: Workdir): Promise<Demo> {
  cached ??= await makeDemo(work.path('demo'));
  return cached;
}

/** A data folder holding the demo account, made by this build's CLI or another's (`cliPath`). */
export async function makeDemo(dir: string, cliPath = CLI): Promise<Demo> {
  mkdirSync(dir, { recursive: true });
  const out = await cliOk(['demo', '--data-dir', dir], {}, cliPath);
  const key = out.split('\n').pop()?.trim() ?? '';
  if (key === '') throw new Error('demo printed no key');
  return { dir, key };
}

export const BALANCE_PATH = (key: string): string =>
  `/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${encodeURIComponent('+1 week')}`;
export const SETTINGS_PATH = (key: string): string =>
  `/account/get_notification_settings/?key=${encodeURIComponent(key)}`;

/** GET that insists on a 200 XML answer: the load must measure real answers, not errors. */
export async function getXml(url: string): Promise<string> {
  return (await getAnswer(url)).body;
}

/** Headers Node's HTTP server adds or computes itself, for the service and the bare baseline alike. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An endpoint's XML answer: its body, and the headers it chose (what the bare baseline sends too). */
export async function getAnswer(url: string): Promise<{ body: string; headers: Record<string, string> }> {
  const r = await fetch(url);
  const body = await r.text();
  if (r.status !== 200 || !body.startsWith('<?xml'))
    throw new Error(`${url} answered ${r.status}: ${body.slice(0, 200)}`);
  const headers: Record<string, string> = {};
  r.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  return { body, headers };
}
