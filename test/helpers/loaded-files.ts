// Which files a CLI process loaded: a module hook preloaded into it (`--import`) records every
// file module resolved, with Node's own modules and the options of every Intl date formatter
// made, and writes them when the process exits. For the tests of what a command holds (issue 36).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HOOK = `
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.add(r.url); return r; } });
const Formatter = Intl.DateTimeFormat;
const formatters = [];
Intl.DateTimeFormat = function DateTimeFormat(locales, options) { formatters.push(options ?? {}); return new Formatter(locales, options); };
process.on('exit', () => {
  writeFileSync(process.env.LOADED_LIST, [...loaded].filter((u) => u.startsWith('file:')).join('\\n'));
  writeFileSync(process.env.LOADED_LIST + '.node', process.moduleLoadList.join('\\n'));
  writeFileSync(process.env.LOADED_LIST + '.intl', JSON.stringify(formatters));
});
`;

export interface LoadedFiles {
  urls: string[];
  /** The text of each file in `urls`, in the same order. */
  texts: string[];
  builtins: string[];
  formatters: Intl.DateTimeFormatOptions[];
}

/** Writes the hook into `dir`: the node arguments that preload it, and the environment it writes by. */
export function loadedFilesHook(dir: string): { nodeArgs: string[]; env: Record<string, string> } {
  const hook = join(dir, 'loaded-files-hook.mjs');
  writeFileSync(hook, HOOK);
  return { nodeArgs: ['--import', hook], env: { LOADED_LIST: join(dir, 'loaded.txt') } };
}

/** What the hooked process wrote when it exited. */
export function readLoadedFiles(dir: string): LoadedFiles {
  const list = join(dir, 'loaded.txt');
  const urls = readFileSync(list, 'utf8').split('\n');
  const builtins = readFileSync(`${list}.node`, 'utf8').split('\n');
  const formatters = JSON.parse(readFileSync(`${list}.intl`, 'utf8')) as Intl.DateTimeFormatOptions[];
  return { urls, texts: urls.map((url) => readFileSync(new URL(url), 'utf8')), builtins, formatters };
}
