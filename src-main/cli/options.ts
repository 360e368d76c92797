// The options several commands share, as commander options made from their one definition in
// option-specs.ts (which a quick parse reads too).
import { Option } from 'commander';
import { DATA_DIR, DATE_ORDER, KEY, PROVIDER_CA, type OptionSpec } from './option-specs.ts';

function option(spec: OptionSpec): Option {
  const o = new Option(spec.flags, spec.description);
  if (spec.choices !== undefined) o.choices(spec.choices);
  if (spec.defaultValue !== undefined) o.default(spec.defaultValue);
  return o;
}

export const dataDirOption = (): Option => option(DATA_DIR);

export const keyOption = (): Option => option(KEY);

export const caOption = (): Option => option(PROVIDER_CA);

export const dateOrderOption = (): Option => option(DATE_ORDER);
