import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, signIn } from '../support/app.js';

test.describe.configure({ timeout: 120_000 });

/**
 * The CoreQ panel (issue 34 item 3, ADR 054) in Chromium against the real server and the demo
 * data: a manager opens CoreQ in Survey Results, switches to quarters and to one facility (the
 * choices stay in the address), reads either the figures or the empty state — never a score
 * below a gate —, and downloads the summary as CSV and the respondents as Excel; axe finds
 * nothing serious.
 */
test('a manager reads the CoreQ panel, switches periods and facility, and exports', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'manager@carevoice.test');
  await page.goto('/results');
  await page.getByRole('link', { name: 'CoreQ' }).click();
  await expect(page).toHaveURL(/\/results\/coreq$/);
  await expect(page.getByRole('heading', { name: 'CoreQ', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Measure' })).toHaveValue('Short Stay Discharge');

  await page.getByText('Quarters').click();
  await expect(page).toHaveURL(/period=quarter/);
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: 'Riverside Senior Living' }).click();
  await expect(page).toHaveURL(/facility=/);
  const empty = page.getByText('No survey of this measure was given in these periods.');
  const trend = page.getByRole('region', { name: 'Over the periods' });
  await expect(empty.or(trend)).toBeVisible();
  if (await trend.isVisible()) {
    // A score is a percentage only where the period passes both gates.
    for (const row of await trend.getByRole('row').all()) {
      const cells = await row.getByRole('cell').allTextContents();
      const score = cells.at(-1) ?? '';
      expect(score === '' || /^\d+\.\d %$/.test(score) || score.startsWith('Not reportable')).toBe(
        true,
      );
    }
  }
  await expectNoSeriousA11yViolations(page);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Summary CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^coreq-summary-coreq-ss-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await csv.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.split(/\r?\n/).filter(Boolean);
  expect(header).toContain('facility_id,facility,instrument,period,from,to,given');
  // One facility's quarters, then all facilities: the same number of rows each.
  expect(rows.length % 2).toBe(0);
  expect(rows.some((row) => row.includes('All facilities'))).toBe(true);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Respondents Excel' }).click();
  const xlsx = await xlsxDownload;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path()) as string);
  const headings = (workbook.getWorksheet('Respondents')?.getRow(1).values as unknown[]).map(
    String,
  );
  expect(headings).toEqual(expect.arrayContaining(['coreq-1', 'coreq-4', 'valid', 'satisfied']));
});
