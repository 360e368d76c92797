// The options several commands share, made once here so that every command spells and explains
// them the same way.
import { Option } from 'commander';
import { DATE_ORDERS } from '../../src-shared/vocabulary.ts';

export const dataDirOption = (): Option => new Option('--data-dir <dir>', 'data folder (env ACCOUNT_MONITOR_DATA_DIR)');

export const keyOption = (): Option => new Option('--key <key>', 'API key (env ACCOUNT_MONITOR_KEY)');

export const caOption = (): Option =>
  new Option(
    '--provider-ca <file>',
    'also trust this CA (PEM) for a self-hosted provider (env ACCOUNT_MONITOR_PROVIDER_CA)',
  );

export const dateOrderOption = (): Option =>
  new Option('--date-order <order>', 'slashed numeric dates: mdy reads 01/07/2026 as 7 January (PHP), dmy as 1 July')
    .choices(DATE_ORDERS)
    .default('mdy');
