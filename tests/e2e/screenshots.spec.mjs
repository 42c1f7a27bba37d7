// Screenshots of the first page at a phone and a desktop width, light and dark, saved to
// tests/e2e/.artifacts/screenshots/ for a person to look at; and the layout checks that can
// be automated: nothing overflows the viewport horizontally.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, expectWorkerReady, expectCleanLog } from './helpers.mjs';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screenshots');

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`first page at ${width} px, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      const log = await openApp(page, '/', { colorScheme });
      await expectWorkerReady(page);
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(overflow.scroll, 'horizontal overflow').toBeLessThanOrEqual(overflow.client);
      await page.screenshot({
        path: path.join(shots, `first-page-${width}-${colorScheme}.png`),
        fullPage: true,
      });
      expectCleanLog(log, new URL(page.url()).origin, '/');
    });
  }
}
