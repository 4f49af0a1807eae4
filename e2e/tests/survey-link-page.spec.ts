import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 35, ADR 063: the self-serve survey page a link opens (`/s/{token}`), as a family member's
 * phone gets it — its own small page with its own strict headers, never the staff app, and one
 * neutral page for a link that cannot be used. (The whole journey, from the invitation mail to
 * the manager's results, is survey-link.spec.ts, on a server of its own.)
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Every WCAG 2.2 A/AA rule and axe's best practices: nothing of any impact. */
async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found, 'axe violations').toEqual([]);
}

test('an unknown link opens the survey page, not the staff app, with one neutral page', async ({
  page,
}, testInfo) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const response = await page.goto('/s/no-such-token-0123456789abcdef');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');

  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page).toHaveTitle('CareVoice survey');
  await expectAxeClean(page);
  await page.screenshot({
    path: testInfo.outputPath('survey-link-unknown-390.png'),
    fullPage: true,
  });

  // Its own files only: no staff app chunk, no other origin, no service worker.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);
  const scripts = requested.filter((url) => url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) expect(url).toMatch(/\/assets\/public-survey-[\w-]+\.js$/);
  expect(await page.evaluate('navigator.serviceWorker.controller === null')).toBe(true);

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: testInfo.outputPath('survey-link-unknown-1024.png') });
});
