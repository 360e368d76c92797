// A connected account's outlook in the browser (en-GB and en-US): the runway beside the balance,
// the provider's clock note (the provider is this project's own server in 2031 New York, years
// ahead of the window's 2026), a top-up plan in the shared plan words, and axe at 0 serious on the
// planner card.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { cli, newDataDir, removeDataDir, startServer, type RunningServer } from './server.ts';

const KEY = 'outlook-provider-key-0123';
const PROVIDER_ENV = { ACCOUNT_MONITOR_NOW: '2031-05-01T08:00:00', ACCOUNT_MONITOR_TZ: 'America/New_York' };

let provider: RunningServer | undefined;
test.afterEach(async () => {
  await provider?.stop();
  if (provider) removeDataDir(provider.dataDir);
  provider = undefined;
});

test('runway, clock note and a top-up plan for a connected account', async ({ page, server }) => {
  const dir = newDataDir();
  // £100.00 on 1 April 2031 and £1.50 a day after it: 36 days to run on 1 May 2031.
  cli(dir, ['account', 'create', 'At the provider', '--key', KEY], PROVIDER_ENV);
  cli(dir, ['ledger', 'add', '--key', KEY, '--at', '2031-04-01', '--amount', '10000'], PROVIDER_ENV);
  cli(
    dir,
    ['recurring', 'add', '--key', KEY, '--amount', '150', '--every', 'day', '--from', '2031-04-01'],
    PROVIDER_ENV,
  );
  cli(dir, ['settings', 'set', '--key', KEY, '--warning-enabled', 'true', '--warning-level', '2000'], PROVIDER_ENV);
  provider = await startServer(dir, { env: PROVIDER_ENV });

  await page.goto(server.ui);
  await page.getByLabel('Provider address').fill(provider.base);
  await page.getByLabel('Your API key').fill(KEY);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // A recurring charge accrues through the day: 30 1/3 days of it by 08:00 on 1 May leave 5450p,
  // which lasts 36 1/3 days more: 36 whole days.
  await expect(page.getByTestId('balance-now')).toHaveAttribute('data-pence', '5450');
  await expect(page.getByTestId('runway')).toHaveText('Runway: runs out in about 36 days');
  await expect(page.getByTestId('clock-note')).toContainText(
    "Your provider's clock is 4 years ahead of this computer's (its time now: Thu 1 May 2031 08:00:00).",
  );
  await expect(page.getByTestId('forecast')).toContainText('Reaches zero on');

  const card = page.locator('.plan-card');
  await expect(card.getByLabel('Keep above (£)')).toHaveValue('£20.00');
  await card.getByLabel('Until').fill('31 May 2031');
  await card.getByRole('button', { name: 'Plan' }).click();
  await expect(card.getByTestId('plan-answer')).toHaveText(
    /^To stay above £20\.00 until 31 May 2031, top up £\d+\.\d\d by \w{3} \d{1,2} May 2031/,
  );
  const axe = await new AxeBuilder({ page }).include('.plan-card').include('.balance-card').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
