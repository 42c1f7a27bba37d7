// Readable plots and panels (what a new user found hard to read):
//
// * an export made on a dark page can have a light background (for slides), PNG and SVG;
// * the reliability table shows each mis-ranking percentage whole on a phone;
// * the reliability results card says a run is under way while it is, in words that hold
//   whatever the layout ("shown", not "below");
// * the menu of figs 2–3 shows its choices whole at 375 and 1280 px;
// * the ROC view does not scroll sideways at 375 px;
// * the factory's "always short" (65 € per component, more than either classifier) is
//   explained where it appears: the Compare view's introduction and verdict, and the Story.
//
// What the plots draw (labels that never overlap, a scale on every panel, contrast of every
// colour in both themes) is tested natively on their SVG: crates/plot/src/legibility_tests.rs and
// the plot modules' tests.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { test, expect } from './fixtures.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';

/** Opens `#fragment` in a fresh document and records errors. */
async function open(page, fragment, { colorScheme } = {}) {
  const log = { errors: [] };
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text());
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  return log;
}

/** Clicks `button` and returns the downloaded file's bytes. */
async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(await dl.failure()).toBeNull();
  return readFileSync(await dl.path());
}

/**
 * The top-left pixel of a PNG, [r, g, b]: the first pixel of the first row is stored as it is
 * whatever the row's filter (there is no pixel left of it or above it to predict from).
 */
function topLeftPixel(png) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const idat = [];
  let colourType = 0;
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') colourType = data[9];
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  expect([2, 6]).toContain(colourType); // RGB or RGBA, 8 bits
  const raw = inflateSync(Buffer.concat(idat));
  return [raw[1], raw[2], raw[3]];
}

/** The fill of an SVG's first rectangle (the background plotters lays first). */
const svgBackground = (svg) => /<rect[^>]*fill="(#[0-9A-Fa-f]{6})"/.exec(svg)?.[1]?.toUpperCase();

const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

test('on a dark page, exports are dark unless "light background" is ticked', async ({ page }) => {
  const log = await open(page, FACTORY, { colorScheme: 'dark' });
  const chart = page.getByTestId('yields-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const light = chart.getByTestId('export-light');
  await expect(light).not.toBeChecked();
  expect(luminance(topLeftPixel(await download(page, chart.getByTestId('export-png'))))).toBeLessThan(60);
  expect(svgBackground((await download(page, chart.getByTestId('export-svg'))).toString())).toBe('#181A1F');

  await light.check();
  expect(topLeftPixel(await download(page, chart.getByTestId('export-png')))).toEqual([255, 255, 255]);
  expect(svgBackground((await download(page, chart.getByTestId('export-svg'))).toString())).toBe('#FFFFFF');
  // The page itself stays dark.
  const onScreen = await chart.locator('canvas').evaluate((c) => [...c.getContext('2d').getImageData(0, 0, 1, 1).data]);
  expect(luminance(onScreen)).toBeLessThan(60);

  // On a light page there is nothing to choose: exports are light.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(light).toHaveCount(0);
  expect(topLeftPixel(await download(page, chart.getByTestId('export-png')))).toEqual([255, 255, 255]);
  expect(log.errors).toEqual([]);
});

/** Presses Run and waits until the run is done. */
async function run(page) {
  await page.getByTestId('mc-run').click();
  await expect(page.getByTestId('mc-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('mc-table')).toBeVisible();
}

test('on a phone the mis-ranking percentages are shown whole, with their decimals', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const log = await open(page, 'view=reliability&pairs=100000');
  await run(page);
  const cells = page.locator('[data-testid^="mis-"]');
  await expect(cells).toHaveCount(11);
  const box = await page.getByTestId('rel-table-card').locator('.table-scroll').boundingBox();
  for (const cell of await cells.all()) {
    await expect(cell).toHaveText(/^\d+(\.\d\d?)?\s%$/);
    const value = Number(await cell.getAttribute('data-value'));
    const shown = Number((await cell.textContent()).replace(/\s%$/, ''));
    expect(Math.abs(shown - value)).toBeLessThanOrEqual(0.005 + 1e-9);
    const b = await cell.boundingBox();
    expect(b.x + b.width, `${await cell.getAttribute('data-testid')} is cut`).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  const scroll = await page
    .getByTestId('rel-table-card')
    .locator('.table-scroll')
    .evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(scroll, 'the table needs no sideways scroll').toBeLessThanOrEqual(0);
  expect(log.errors).toEqual([]);
});

test('the results card says a run is under way while it is, and never "below"', async ({ page }) => {
  const log = await open(page, 'view=reliability&pairs=100000000');
  const card = page.getByTestId('rel-table-card');
  // The first run: no table yet.
  await page.getByTestId('mc-run').click();
  await expect(page.getByTestId('mc-status')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('mc-empty')).toHaveText(/^Running/);
  await page.getByTestId('mc-cancel').click();
  // No run has completed: the status must not speak of "the last complete run" (issue 28).
  await expect(page.getByTestId('mc-status')).toHaveText('Cancelled: no run has completed yet.');
  await expect(page.getByTestId('mc-empty')).toHaveText(/^Press Run/);
  await expect(page.getByTestId('mc-empty')).toContainText('the time grows with the pairs set');
  // A finished run, then new settings and a run of them.
  await page.getByTestId('mc-pairs').fill('100000');
  await page.getByTestId('mc-pairs').press('Enter');
  await run(page);
  await page.getByTestId('mc-pairs').fill('100000000');
  await page.getByTestId('mc-pairs').press('Enter');
  await expect(page.getByTestId('mc-stale')).toBeVisible();
  await page.getByTestId('mc-run').click();
  await expect(page.getByTestId('mc-status')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('mc-running-note')).toHaveText(
    'Running: the table shows the last complete run until this one is done.',
  );
  await expect(page.getByTestId('mc-stale')).toHaveCount(0);
  await page.getByTestId('mc-cancel').click();
  await expect(page.getByTestId('mc-running-note')).toHaveCount(0);
  await expect(page.getByTestId('mc-status')).toHaveText('Cancelled: the results shown are those of the last complete run.');
  await expect(page.getByTestId('mc-stale')).toBeVisible();
  await expect(card).not.toContainText(/below|above/);
  await expect(page.getByTestId('mc-status')).not.toContainText(/below|above/);
  expect(log.errors).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`the metric menu of figs 2–3 shows its choices whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const log = await open(page, 'view=reliability');
    const menu = page.getByTestId('figs23-metric');
    await expect(menu).toBeVisible();
    const fit = await menu.evaluate((s) => {
      const cs = getComputedStyle(s);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const widest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
      // The text box: the width less the padding and the arrow (about 20 px in Chromium).
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
      return { widest, room };
    });
    expect(fit.widest, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
    expect(log.errors).toEqual([]);
  });
}

for (const fragment of ['view=roc&bn.A=1,1&bn.B=1.5,0.8', 'embed=1&view=roc&bn.A=1,1&bn.B=1.5,0.8']) {
  test(`the ROC view does not scroll sideways at 375 px (${fragment.startsWith('embed') ? 'embedded' : 'full app'})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const log = await open(page, fragment);
    await expect(page.getByTestId('roc-plot').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('roc-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(log.errors).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark']) {
  test(`a table wider than a phone shows its scroll hint in a colour that stands out, ${colorScheme}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const log = await open(page, 'view=roc&bn.A=1,1&bn.B=1.5,0.8', { colorScheme });
    const region = page.getByTestId('roc-table').locator('xpath=ancestor::div[contains(@class,"table-scroll")]');
    await expect(region).toBeVisible();
    expect(await region.evaluate((e) => e.scrollWidth - e.clientWidth), 'the table scrolls').toBeGreaterThan(0);
    // The edge shadows (radial gradients): dark on the light surface, light on the dark one.
    const shadow = await region.evaluate((e) => getComputedStyle(e).backgroundImage);
    const rgba = shadow.match(/radial-gradient\([^,]*,\s*(rgba?\([^)]*\))/);
    expect(rgba, shadow).not.toBeNull();
    const [r, g, b, a] = rgba[1].match(/[\d.]+/g).map(Number);
    expect(a).toBeGreaterThanOrEqual(0.2);
    if (colorScheme === 'dark') expect(Math.min(r, g, b)).toBeGreaterThan(200);
    else expect(Math.max(r, g, b)).toBeLessThan(60);
    expect(log.errors).toEqual([]);
  });
}

test('the factory: why "always short" earns 65 € is said in the introduction, the verdict and the Story', async ({ page }) => {
  const log = await open(page, FACTORY);
  await expect(page.getByTestId('intro-more')).toContainText(
    "deciding 'short' for every component earns 65\u00a0€, more than either: it never makes the one very costly mistake, judging a short component 'long' (−335\u00a0€ each)",
  );
  const details = page.getByTestId('verdict-details');
  await expect(details).toContainText('0.5 × (−35) + 0.5 × 165 = 65 per item');
  await expect(details).toContainText(/deciding 'long' for a short item \(−335 each\), which A makes on 15\s% and B on 18\s% of the items/);

  await open(page, 'view=story&step=5');
  const story = page.getByTestId('story-no-classifier');
  await expect(story).toContainText("Judging every component 'short', with no classifier at all, earns 0.5 × (−35\u00a0€) + 0.5 × 165\u00a0€ = 65\u00a0€ per component");
  await expect(story).toContainText(/which A makes on 15\s% of the components and B on 18\s%/);
  expect(log.errors).toEqual([]);
});
