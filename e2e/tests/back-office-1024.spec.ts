import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/app.js';

/*
 * Issue 33, defects met on the way: at 1024 px the residents table cut the "DISCHARGED" badge,
 * and the audit log's Detail column needed sideways scrolling. At 1024 × 768, with the demo
 * data (read only): every Discharged badge is whole inside its cell, and neither table scrolls
 * sideways.
 */

test.use({ viewport: { width: 1024, height: 768 } });

/** Whether `table`'s scroll container is no wider than what it shows (no sideways scrolling). */
async function expectNoSidewaysScroll(table: Locator, name: string): Promise<void> {
  const { scrollWidth, clientWidth } = await table.evaluate((element) => {
    // The table's scroll container (Table.ScrollContainer), or the table itself.
    let box: { scrollWidth: number; clientWidth: number; parentElement: unknown } | null =
      element as unknown as { scrollWidth: number; clientWidth: number; parentElement: unknown };
    const style = (node: unknown) =>
      (
        globalThis as unknown as {
          getComputedStyle(node: unknown): { overflowX: string };
        }
      ).getComputedStyle(node).overflowX;
    while (box && !['auto', 'scroll'].includes(style(box))) {
      box = box.parentElement as typeof box;
    }
    const target = box ?? (element as unknown as { scrollWidth: number; clientWidth: number });
    return { scrollWidth: target.scrollWidth, clientWidth: target.clientWidth };
  });
  expect(scrollWidth, `${name} scrolls sideways at 1024 px`).toBeLessThanOrEqual(clientWidth + 1);
}

async function waitForRows(page: Page, table: Locator): Promise<void> {
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

test('at 1024 px the residents table shows whole Discharged badges and the audit log needs no sideways scrolling', async ({
  page,
}) => {
  await signIn(page, 'admin@carevoice.test');

  await page.goto('/admin/residents?status=discharged');
  const residents = page.getByRole('table', { name: 'Residents of the facility' });
  await waitForRows(page, residents);
  const badges = residents.locator('.mantine-Badge-root');
  expect(await badges.count()).toBeGreaterThan(0);
  for (const badge of await badges.all()) {
    await expect(badge).toHaveText(/discharged/i);
    const fits = await badge.evaluate((element) => {
      type Box = { right: number; left: number };
      const el = element as unknown as {
        getBoundingClientRect(): Box;
        closest(selector: string): { getBoundingClientRect(): Box } | null;
        querySelector(selector: string): { scrollWidth: number; clientWidth: number } | null;
      };
      const own = el.getBoundingClientRect();
      const cell = el.closest('td')?.getBoundingClientRect();
      const label = el.querySelector('.mantine-Badge-label');
      return {
        insideCell: cell ? own.left >= cell.left - 0.5 && own.right <= cell.right + 0.5 : false,
        labelWhole: label ? label.scrollWidth <= label.clientWidth + 0.5 : false,
      };
    });
    expect(fits, 'the Discharged badge is whole inside its cell').toEqual({
      insideCell: true,
      labelWhole: true,
    });
  }
  await expectNoSidewaysScroll(residents, 'The residents table');

  await page.goto('/admin/audit');
  const audit = page.getByRole('table', { name: 'Audit events' });
  await waitForRows(page, audit);
  await expectNoSidewaysScroll(audit, 'The audit log');
});
