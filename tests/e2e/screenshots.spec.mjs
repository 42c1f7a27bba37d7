// Screenshots of the first page at a phone and a desktop width, light and dark, saved to
// tests/e2e/.artifacts/screenshots/ for a person to look at; and the layout check that can
// be automated: nothing overflows the viewport horizontally.
import { test, expect } from './fixtures.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, expectWorkerStatus, expectCleanLog } from './helpers.mjs';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screenshots');

/** The page's horizontal overflow, and the elements that stick out past the right edge. */
function measureOverflow() {
  const client = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };
  const name = (el) =>
    el.tagName.toLowerCase() +
    (el.dataset.testid ? `[data-testid="${el.dataset.testid}"]` : '') +
    (typeof el.className === 'string' && el.className.trim()
      ? `.${el.className.trim().split(/\s+/).join('.')}`
      : '');
  const wide = [...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > client + 0.5 && !clipped(el))
    .map(name);
  return { scroll: document.documentElement.scrollWidth, client, wide: wide.slice(0, 8) };
}

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`first page at ${width} px, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      const log = await openApp(page, '/', { colorScheme });
      await expectWorkerStatus(page, 'idle');
      await page.screenshot({
        path: path.join(shots, `first-page-${width}-${colorScheme}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(measureOverflow);
      expect(
        overflow.scroll,
        `horizontal overflow at ${width} px; past the right edge: ${overflow.wide.join(', ')}`,
      ).toBeLessThanOrEqual(overflow.client);
      expectCleanLog(log, new URL(page.url()).origin, '/');
    });
  }
}
