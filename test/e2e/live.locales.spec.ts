// Live: a top-up made with the command line while the window is open shows in the balance and the
// ledger within a few seconds, without a reload.
import { cli } from './server.ts';
import { expect, test } from './fixtures.ts';

test('a CLI top-up shows in the open window within a few seconds', async ({ page, freshDemo }) => {
  const balance = page.getByTestId('balance-now');
  const before = await balance.textContent();
  cli(freshDemo.dataDir, ['ledger', 'add', '--at', 'now', '--amount', '1000', '--note', 'from the terminal'], {
    ACCOUNT_MONITOR_KEY: freshDemo.key,
  });
  await expect(page.locator('#ledger').getByTestId('ledger-table')).toContainText('from the terminal', {
    timeout: 5000,
  });
  await expect(balance).not.toHaveText(before ?? '', { timeout: 5000 });
});
