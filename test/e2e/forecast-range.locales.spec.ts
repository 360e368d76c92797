// The forecast's range in the browser (en-GB and en-US; issue 32): the account the issue tried,
// imported through the CLI (opened with £120.00 on 28 Sep 2026, 59 days of about £1.20 of usage,
// £5.00 a month scheduled; the window's now is 22 Nov 2026): the forecast says the range and what
// it stands on, the runway says it is the likely day, the chart shades the range after now (from
// the now marker on, its range in the tip) and "Show as table" lists it, and the planner card
// plans with 9 chances in 10.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../helpers/prng.ts';
import { expect, test } from './fixtures.ts';
import { cli, newDataDir, removeDataDir, startServer, type RunningServer } from './server.ts';

const KEY = 'usage-test-key-0123456789';
let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  server = undefined;
});

function usageCsv(): string {
  const random = mulberry32(28);
  const rows = ['at,amount,kind,note,every,until', '2026-09-23 09:00:00,12000,topup,Opening,,'];
  rows.push('2026-09-23 09:00:00,500,charge,Hosting,month,');
  for (let d = 0; d < 59; d++) {
    const day = new Date(Date.UTC(2026, 8, 24 + d, 6));
    rows.push(
      `${day.toISOString().slice(0, 10)} 06:00:00,${100 + Math.floor(random() * 41)},charge,Bandwidth and storage,,`,
    );
  }
  return `${rows.join('\n')}\n`;
}

test('the forecast gives a range, the chart draws it, the planner plans for 9 chances in 10', async ({ page }) => {
  const dir = newDataDir();
  const file = join(dir, 'usage.csv');
  writeFileSync(file, usageCsv());
  cli(dir, ['account', 'create', 'Usage test', '--key', KEY]);
  cli(dir, ['ledger', 'import', file, '--key', KEY]);
  server = await startServer(dir);

  await page.goto(server.ui);
  await page.getByLabel('Key of an account in this app').fill(KEY);
  await page.getByRole('button', { name: 'Use this key' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await expect(page.getByTestId('forecast')).toContainText(
    /Reaches zero between \d+( \w{3})? and \d+ \w{3}( 2027)?, most likely \d+ \w{3}( 2027)?: your usage averages £1\.\d\d a day over 59 days, on top of £5\.00 a month scheduled\./,
  );
  await expect(page.getByTestId('runway')).toHaveText(
    /^Runway: runs out in about \d+ days \(the likely day; \d+ to \d+ days plausible\)$/,
  );

  const chart = page.getByTestId('balance-chart');
  // The band: one shape, from the now marker to the end of the plot, and its range in the tip after now.
  const band = chart.locator('path.chart-band');
  await expect(band).toHaveCount(1);
  await chart.scrollIntoViewIfNeeded();
  const bandBox = await band.boundingBox();
  const nowBox = await chart.locator('line.chart-now').boundingBox();
  const plot = await chart.locator('svg.chart-svg').boundingBox();
  if (bandBox === null || nowBox === null || plot === null) throw new Error('the band, now or the chart has no box');
  expect(Math.abs(bandBox.x - (nowBox.x + nowBox.width / 2))).toBeLessThan(2);
  expect(bandBox.width).toBeGreaterThan(20);
  await page.mouse.move(bandBox.x + bandBox.width * 0.6, bandBox.y + bandBox.height / 2);
  await expect(page.locator('.chart-tip')).toContainText(
    /\(projected\).*Likely between -?£[\d,]+\.\d\d and -?£[\d,]+\.\d\d/,
  );
  await page.mouse.move(0, 0);
  await expect(chart.locator('.legend')).toContainText('Likely range');
  await chart.getByText('Show as table').click();
  const table = chart.getByTestId('chart-table');
  await expect(table.locator('thead')).toContainText('Likely range');
  await expect(table.locator('tbody tr').last()).toContainText(/-?£[\d,]+\.\d\d to -?£[\d,]+\.\d\d/);

  const card = page.locator('.plan-card');
  await card.getByLabel('Until').fill('31 Mar 2027');
  await card.getByRole('button', { name: 'Plan' }).click();
  await expect(card.getByTestId('plan-answer')).toHaveText(
    /^Top up £[\d,]+\.\d\d by \w{3} \d{1,2} \w{3} 202[67]( \d\d:\d\d)? to stay above £0\.00 until 31 Mar 2027 with 9 chances in 10\.$/,
  );
});
