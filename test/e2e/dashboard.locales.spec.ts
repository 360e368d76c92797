// The dashboard against real demo data: the chart, "Balance at..." against the endpoint.
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { expect, shot, specXml, test, xmlValue } from './fixtures.ts';

test('the chart is drawn with points, a now marker, the warning line and top-ups', async ({ page, demo }) => {
  const chart = page.getByTestId('balance-chart');
  await expect(chart).toBeVisible();
  const points = Number(await chart.getAttribute('data-points'));
  expect(points).toBeGreaterThan(50);
  // The drawn lines: recorded and projected halves, each a path through many points.
  const paths = chart.locator('path.chart-line');
  await expect(paths).toHaveCount(2);
  const segments = await paths.evaluateAll((els) =>
    els.map((el) => (el.getAttribute('d') ?? '').split(/[LM]/).length - 1),
  );
  expect(segments.reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  // The recorded half is drawn through visible sample points.
  expect(await chart.locator('.chart-dot').count()).toBeGreaterThan(20);
  await expect(chart.locator('line.chart-level, line.chart-now')).toHaveCount(2);
  await expect(chart.locator('svg text').filter({ hasText: /^Now$/ })).toHaveCount(1);
  await expect(chart.locator('svg text').filter({ hasText: /^Warning level £/ })).toHaveCount(1);
  expect(await chart.locator('.chart-topup').count()).toBeGreaterThan(0);
  // A tooltip when hovering the plot (scrolled into view first: the keychain banner and the
  // runway line push it down).
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.locator('svg.chart-svg').boundingBox();
  if (box === null) throw new Error('chart has no box');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(page.locator('.chart-tip')).toContainText('£');
  await page.mouse.move(0, 0);
  // The chart answers the keyboard too: focus it and step through the points.
  await chart.locator('svg.chart-svg').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.chart-tip')).toContainText(/\d{4} \d\d:\d\d:\d\d/);
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  // The line ends where get_balance says the balance will be in 90 days.
  const end =
    xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+90 days' }), 'balance') ?? 'missing';
  await expect(page.getByTestId('chart-summary')).toContainText(`to Sat 20 Feb 2027 (${formatPounds(end)})`);
  await shot(page.locator('#dashboard'), `dashboard-${test.info().project.name}`);
  await shot(page, `full-page-${test.info().project.name}`);
});

test('the chart is named, and every plotted point can be read as a table', async ({ page, demo }) => {
  const chart = page.getByTestId('balance-chart');
  await expect(chart).toBeVisible();
  const surface = chart.locator('svg.chart-svg');
  await expect(surface).toHaveAccessibleName(/^Balance over time, Mon 24 Aug 2026 to Sat 20 Feb 2027/);
  const points = Number(await chart.getAttribute('data-points'));
  await chart.getByText('Show as table').click();
  const rows = chart.getByTestId('chart-table').locator('tbody tr');
  await expect(rows).toHaveCount(points);
  // The last row is the end of the range: get_balance's answer in 90 days, in pounds.
  const end =
    xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+90 days' }), 'balance') ?? 'missing';
  await expect(rows.last()).toContainText(formatPounds(end));
  await expect(rows.last()).toContainText('projected');
});

test('the range can be changed', async ({ page, demo }) => {
  const summary = page.getByTestId('chart-summary');
  const forecast = page.locator('.forecast');
  await expect(forecast.locator('li').first()).toBeVisible();
  const before = await forecast.textContent();
  await expect(summary).toContainText('From Mon 24 Aug 2026');
  await page.getByLabel('Days back').fill('30');
  await page.getByLabel('Days ahead').fill('7');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(summary).toContainText('From Fri 23 Oct 2026');
  const end =
    xmlValue(await specXml(page, demo, '/account/get_balance/', { datetime: '+7 days' }), 'balance') ?? 'missing';
  await expect(summary).toContainText(`to Sun 29 Nov 2026 (${formatPounds(end)})`);
  // The chart's range never changes the forecast: it has its own horizon, named in its title.
  await expect(page.getByRole('heading', { name: 'Forecast for the next 90 days' })).toBeVisible();
  await expect(forecast).toHaveText(before ?? 'missing');
  await page.getByLabel('Days back').fill('0');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByText('Enter whole days from 1 to 3650.')).toBeVisible();
});

test('the forecast horizon is its own setting, kept across a reload', async ({ page, demo }) => {
  const forecast = page.locator('.forecast');
  await expect(forecast).toContainText('Falls below your warning level on');
  const ninety = await forecast.textContent();
  await page.getByLabel('Look ahead').selectOption('30');
  await expect(page.getByRole('heading', { name: 'Forecast for the next 30 days' })).toBeVisible();
  // The demo has no unscheduled charge in its last 180 days: what is scheduled alone counts.
  await expect(forecast).toHaveText(
    /^● No run-out in the next 30 days\.\s*● Collecting data: counting scheduled charges only\.$/,
  );
  // As the service says for 30 days (and not for 90).
  const headers = { Authorization: `Bearer ${demo.token}` };
  const id =
    (
      (await (await page.request.get(new URL('/app/accounts', demo.base).toString(), { headers })).json()) as {
        accounts: { id: number }[];
      }
    ).accounts[0]?.id ?? 0;
  const ask = async (days: number): Promise<{ belowWarning: unknown }> =>
    (
      await page.request.get(new URL(`/app/accounts/${id}/forecast?days=${days}`, demo.base).toString(), { headers })
    ).json() as Promise<{ belowWarning: unknown }>;
  expect((await ask(30)).belowWarning).toBeNull();
  expect((await ask(90)).belowWarning).not.toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Forecast for the next 30 days' })).toBeVisible();
  await page.getByLabel('Look ahead').selectOption('90');
  await expect(forecast).toHaveText(ninety ?? 'missing');
});

test('"+1 week" shows the resolved date and the same balance as the endpoint', async ({ page, demo }) => {
  await page.getByLabel('Balance at').fill('+1 week');
  const result = page.getByTestId('balance-at-result');
  await expect(result.getByTestId('balance-at-understood')).toHaveText(/understood as Sun 29 Nov 2026 10:35:00/);
  const shown = await result.getByTestId('balance-at-value').getAttribute('data-pence');

  const xml = await specXml(page, demo, '/account/get_balance/', { datetime: '+1 week' });
  expect(xmlValue(xml, 'datetime')).toBe('2026-11-29 10:35:00');
  expect(shown).toBe(xmlValue(xml, 'balance'));
  await expect(result.getByTestId('balance-at-exact')).toHaveText(
    `get_balance: ${xmlValue(xml, 'balance') ?? 'missing'} pence at 2026-11-29 10:35:00`,
  );
  // Hover or focus shows the exact pence.
  await result.getByTestId('balance-at-value').focus();
  await expect(result.locator('.money-exact')).toBeVisible();
  await expect(result.locator('.money-exact')).toContainText(/p exactly$/);
  await expect(result.locator('.money-exact')).toHaveText(`${shown ?? 'missing'}p exactly`);
  await shot(page.locator('.balance-at'), 'balance-at');

  await page.getByLabel('Balance at').fill('I have 2 cats');
  await expect(result.getByTestId('balance-at-understood')).toHaveText(
    /not understood, so now \(Sun 22 Nov 2026 10:35:00\)/,
  );
  const nowXml = await specXml(page, demo, '/account/get_balance/');
  await expect(result.getByTestId('balance-at-value')).toHaveAttribute(
    'data-pence',
    xmlValue(nowXml, 'balance') ?? 'missing',
  );
});
