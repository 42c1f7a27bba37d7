// The teacher (issue 28, items 9–11): an embed whose colours the link fixes (`theme=light|dark`,
// offered by "Copy embed code"); the whole Story as one printed handout; Story step 3's tiles
// inside their borders; the Story's step links named by their visible text (WCAG 2.5.3); and on
// a phone, Compare's answer on the first screen, with a way back up to it from the editors.
// Screenshots go to tests/e2e/.artifacts/teacher/.
import { test, expect } from './fixtures.mjs';
import { wcagViolations } from './helpers.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '.artifacts/teacher');

const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(15, 18, 22)';
const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const pageBackground = (page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const [theme, bg] of [
  ['dark', DARK_BG],
  ['light', LIGHT_BG],
]) {
  for (const reader of ['light', 'dark']) {
    test(`theme=${theme}: an embed is ${theme} for a reader whose scheme is ${reader}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: reader });
      await page.goto(`/#view=compare&embed=1&theme=${theme}&${FACTORY}`);
      await expect(page.getByTestId('embed-bar')).toBeVisible();
      await expect(page.getByTestId('yield-A')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await pageBackground(page)).toBe(bg);
      // No notice: the key is known.
      await expect(page.getByTestId('link-notices')).toHaveCount(0);
      // The reader's scheme changes: the embed's colours do not.
      await page.emulateMedia({ colorScheme: reader === 'light' ? 'dark' : 'light' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // The full app it links to keeps the colours.
      const full = await page.getByTestId('open-full-app').getAttribute('href');
      expect(full).toContain(`theme=${theme}`);
      // The address the app writes keeps the key.
      await expect.poll(() => page.url()).toContain(`theme=${theme}`);
    });
  }
}

test('theme= in the full app: the page follows the link; a bad value is a notice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/#view=story&step=2&theme=dark`);
  await expect(page.getByTestId('view-story')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'dark');
  // The reader's own choice goes before the link's from then on (and the link drops the key).
  await page.getByTestId('theme-toggle').click();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => page.url()).not.toContain('theme=');

  await page.goto('/#view=story&theme=blue');
  await expect(page.getByTestId('view-story')).toBeVisible();
  await expect(page.getByTestId('link-notices')).toContainText("'blue' is not light or dark; ignored");
});

test('"Copy embed code" offers the colours: the reader\'s, light or dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/#view=compare&${FACTORY}`);
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await page.getByTestId('copy-embed').click();
  const field = page.getByTestId('embed-code-field');
  await expect(field).toBeVisible();
  const choice = page.getByTestId('embed-theme');
  await expect(choice).toContainText('follow the reader');
  await expect(page.getByTestId('embed-theme-reader')).toBeChecked();
  expect(await field.inputValue()).not.toContain('theme=');
  await page.getByTestId('embed-theme-dark').check({ force: true });
  await expect.poll(() => field.inputValue()).toContain('embed=1&amp;theme=dark');
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('href', /embed=1&theme=dark/);
  await page.getByTestId('embed-theme-light').check({ force: true });
  await expect.poll(() => field.inputValue()).toContain('theme=light');
  await choice.screenshot({ path: path.join(shots, 'embed-colours.png') });
  await page.getByTestId('embed-theme-reader').check({ force: true });
  await expect.poll(() => field.inputValue()).not.toContain('theme=');
});

test('the Story prints as one handout: all eight steps in order, with the link and QR code', async ({
  page,
}) => {
  await page.setViewportSize({ width: 760, height: 1000 });
  await page.goto('/#view=story&step=3');
  await expect(page.getByTestId('story-step')).toBeVisible();
  await expect(page.getByTestId('story-handout')).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  const steps = page.getByTestId('story-handout-step');
  await expect(steps).toHaveCount(8);
  expect(await steps.evaluateAll((els) => els.map((e) => e.dataset.step))).toEqual([
    '1', '2', '3', '4', '5', '6', '7', '8',
  ]);
  for (let k = 0; k < 8; k++) {
    await expect(steps.nth(k)).toBeVisible();
    await expect(steps.nth(k).locator('.story-count')).toHaveText(`Step ${k + 1} of 8`);
  }
  await expect(steps.nth(0)).toContainText('A factory, two classifiers');
  await expect(steps.nth(2)).toContainText('11 of 12 metrics favour B');
  await expect(steps.nth(7)).toContainText('The lesson');
  // In order on the paper, one after the other.
  const tops = await steps.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  // Not the step shown on the screen, nor the list of steps.
  await expect(page.getByTestId('story-step')).toBeHidden();
  await expect(page.getByTestId('story-steps')).toBeHidden();
  // The link and its QR code.
  await expect(page.getByTestId('print-link-url')).toHaveText(page.url());
  await expect(page.getByTestId('print-qr').locator('svg')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'story-handout.png'), fullPage: true });

  // Back on the screen: one step again.
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('story-handout')).toHaveCount(0);
  await expect(page.getByTestId('story-step')).toBeVisible();
});

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`Story step 3 at ${width} px, ${colorScheme}: every tile holds its words and numbers`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto('/#view=story&step=3');
      const tiles = page.locator('.story-vote');
      await expect(tiles).toHaveCount(12);
      const overflowing = await tiles.evaluateAll((lis) =>
        lis.flatMap((li) => {
          const box = li.getBoundingClientRect();
          return [...li.children]
            .filter((c) => {
              const r = c.getBoundingClientRect();
              return r.right > box.right - 1 + 0.5 || r.left < box.left + 1 - 0.5;
            })
            .map((c) => `${li.textContent}: '${c.textContent}' overflows`)
            .concat(li.scrollWidth > li.clientWidth ? [`${li.textContent}: scrolls`] : []);
        }),
      );
      expect(overflowing).toEqual([]);
      await page
        .locator('.story-votes')
        .screenshot({ path: path.join(shots, `story-tiles-${width}-${colorScheme}.png`) });
    });
  }
}

for (const colorScheme of ['light', 'dark']) {
  test(`axe: the Story at 1280 px, ${colorScheme}, step links named by their visible text`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/#view=story&step=3');
    await expect(page.getByTestId('view-story')).toBeVisible();
    await page.waitForTimeout(300);
    const found = await wcagViolations(page, { rules: ['label-content-name-mismatch'] });
    expect(found, `WCAG violations in the Story, ${colorScheme}`).toEqual([]);
    // Each step link's name is "Step k: " and its visible words.
    for (let k = 1; k <= 8; k++) {
      const link = page.getByTestId(`story-step-link-${k}`);
      const words = await link
        .locator('.story-steps-label')
        .evaluate((l) =>
          [...l.childNodes]
            .filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden')))
            .map((n) => n.textContent)
            .join('')
            .trim(),
        );
      expect(words.length).toBeGreaterThan(0);
      await expect(link).toHaveAccessibleName(`Step ${k}: ${words}`);
    }
  });
}

for (const colorScheme of ['light', 'dark']) {
  test(`Compare on a 375 × 800 phone, ${colorScheme}: the answer on the first screen, and a way back up to it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme });
    await page.goto(`/#view=compare&${FACTORY}`);
    const first = page.getByTestId('yield-A');
    await expect(first).toBeVisible();
    await expect(page.getByTestId('part-loading')).toHaveCount(0);
    await page.waitForTimeout(300);
    const verdict = await page.getByTestId('verdict-headline').boundingBox();
    expect(verdict.y).toBeLessThan(800);
    const box = await first.boundingBox();
    expect(box.y + box.height, 'the first yield, bottom').toBeLessThan(800);
    await page.screenshot({ path: path.join(shots, `compare-375-${colorScheme}.png`) });

    // Edit a cell of the utility matrix, far below: the answer is one tap away.
    const cell = page.getByTestId('utility-editor').locator('input').first();
    await cell.scrollIntoViewIfNeeded();
    await cell.fill('20');
    await cell.press('Tab');
    const back = page.getByTestId('to-answer');
    await expect(back).toBeInViewport();
    await expect(back).toContainText(/the answer: A\s+[−-]?\d/);
    await page.screenshot({ path: path.join(shots, `compare-375-edited-${colorScheme}.png`) });
    await back.click();
    await expect(page.getByTestId('verdict-headline')).toBeInViewport();
    await expect(first).toBeInViewport();
  });
}

test('Compare at 1280 px keeps its two columns, with no "back to the answer" link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/#view=compare&${FACTORY}`);
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await expect(page.getByTestId('part-loading')).toHaveCount(0);
  const inputs = await page.locator('.compare-inputs').boundingBox();
  const results = await page.locator('.compare-results').boundingBox();
  expect(results.x).toBeGreaterThan(inputs.x + inputs.width - 1);
  await expect(page.getByTestId('to-answer')).toBeHidden();
  await page.screenshot({ path: path.join(shots, 'compare-1280.png') });
});
