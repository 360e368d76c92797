// Options as data: what commander is given (options.ts, addOptions) and what a command's quick
// parse reads (quickParse), so that both read the same options the same way. Loads no commander:
// a command's plain invocations ("resolve tomorrow --tz Europe/London") are parsed here with
// node:util's parseArgs, and anything else (--help, a mistake, an unusual form) is left to
// commander, which explains it.
import { parseArgs } from 'node:util';
import type { Command } from 'commander';
import { DATE_ORDERS } from '../../src-shared/vocabulary.ts';

export interface OptionSpec {
  /** As commander takes it: "--tz <zone>" (takes a value) or "--json" (a switch). */
  flags: string;
  description: string;
  choices?: readonly string[];
  defaultValue?: string;
}

export const DATA_DIR: OptionSpec = {
  flags: '--data-dir <dir>',
  description: 'data folder (env ACCOUNT_MONITOR_DATA_DIR)',
};

export const KEY: OptionSpec = { flags: '--key <key>', description: 'API key (env ACCOUNT_MONITOR_KEY)' };

export const PROVIDER_CA: OptionSpec = {
  flags: '--provider-ca <file>',
  description: 'also trust this CA (PEM) for a self-hosted provider (env ACCOUNT_MONITOR_PROVIDER_CA)',
};

export const DATE_ORDER: OptionSpec = {
  flags: '--date-order <order>',
  description: 'slashed numeric dates: mdy reads 01/07/2026 as 7 January (PHP), dmy as 1 July',
  choices: DATE_ORDERS,
  defaultValue: 'mdy',
};

/** Adds the options to a commander command (through the command, so this file loads no commander). */
export function addOptions(command: Command, specs: readonly OptionSpec[]): Command {
  for (const spec of specs) {
    const option = command.createOption(spec.flags, spec.description);
    if (spec.choices !== undefined) option.choices(spec.choices);
    if (spec.defaultValue !== undefined) option.default(spec.defaultValue);
    command.addOption(option);
  }
  return command;
}

/** "--date-order <order>" -> { long: "date-order", key: "dateOrder", takesValue: true }, as commander names it. */
function parts(spec: OptionSpec): { long: string; key: string; takesValue: boolean } {
  const [flag = '', value] = spec.flags.split(' ');
  const long = flag.replace(/^--/, '');
  return { long, key: long.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), takesValue: value !== undefined };
}

/**
 * The operands and options of a plain invocation, as commander would hand them to the action,
 * or undefined when the arguments are anything else (an option not in `specs`, --help, a value
 * not among the choices, more than `maxOperands` operands, a value that looks like an option):
 * the caller then leaves them to commander.
 */
export function quickParse(
  args: readonly string[],
  specs: readonly OptionSpec[],
  maxOperands: number,
): { operands: string[]; options: Record<string, string | boolean> } | undefined {
  const described = specs.map((spec) => ({ spec, ...parts(spec) }));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(described.map((d) => [d.long, { type: d.takesValue ? 'string' : 'boolean' }])),
      allowPositionals: true,
      strict: true,
    });
  } catch {
    return undefined;
  }
  if (parsed.positionals.length > maxOperands) return undefined;
  const options: Record<string, string | boolean> = {};
  for (const d of described) {
    const value = parsed.values[d.long] ?? d.spec.defaultValue;
    if (value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'boolean') return undefined;
    if (typeof value === 'string' && d.spec.choices !== undefined && !d.spec.choices.includes(value)) return undefined;
    options[d.key] = value;
  }
  return { operands: parsed.positionals, options };
}
