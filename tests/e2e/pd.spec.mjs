// The Preference-driven measure view: Kozak et al. 2022's p-d beside the utility yield.
//
// * The hand-typed link of Table 4 (rows = true class) shows p-d 0.656 with the default κ.
// * κ sliders and typed fields: moving a slider updates the link; "Default κ" brings the class
//   shares back; a bad κ (outside [0, 1], wrong length, not a number) gives a notice and the
//   last good κ stays.
// * Two classes: the heatmaps and the first-rank map draw, follow a confusion-matrix edit, and
//   read out the cell under the pointer; the grid step is in the link.
// * More classes: the histogram over the κ grid, random vectors beyond 10⁵ (said so).
// * p-d against the yield: the known run's numbers; exports download; embed; hostile names;
//   375 px without horizontal scroll; screenshots at 375 and 1280 px, light and dark.
import { test, expect } from './fixtures.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '.artifacts/screenshots');

const T4 = 'view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows';
const FIG3 = 'view=pd&orient=true-rows&cm.cm4=10,0;5,5&cm.cm8=5,5;0,10';

const fragment = (page) => page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
const cell = (page, editor, r, c) =>
  page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);

/** Opens the view at `fragment` and records console errors. */
async function openView(page, frag, { colorScheme } = {}) {
  const log = { errors: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.errors.push(msg.text());
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${frag}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('view-pd')).toBeVisible();
  return log;
}

/** A canvas's pixels as a data URL. */
const pixels = (page, testid) =>
  page.getByTestId(testid).locator('canvas').evaluate((c) => c.toDataURL());

test('the hand-typed link of Table 4 shows p-d 0.656 with the default κ', async ({ page }) => {
  const log = await openView(page, T4);
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  await expect(page.getByTestId('pd-preference_driven-0')).toContainText('0.656');
  await expect(page.getByTestId('pd-kappa-summary')).toContainText('[0.5, 0.2, 0.3]');
  await expect(page.getByTestId('pd-kappa-summary')).toContainText('default');
  await expect(page.getByTestId('pd-kappa-default')).toBeDisabled();
  // Three classes: no heatmap, but the histogram over the κ grid.
  await expect(page.getByTestId('pd-two-class')).toHaveCount(0);
  await expect(page.getByTestId('pd-grid-note')).toContainText('125 vectors');
  await expect(page.getByTestId('pd-hist-plot').locator('canvas')).toBeVisible();
  // F1 named, and p-d = F1 at some κ.
  await expect(page.getByTestId('pd-table')).toContainText('F1 of macro P and R');
  await expect(page.getByTestId('pd-f1')).toContainText('p-d = F1');
  // Against the yield: the known run.
  await expect(page.getByTestId('pd-admissibility')).toContainText('not an admissible metric');
  await expect(page.getByTestId('pd-mc-pd')).toContainText('23.24');
  await expect(page.getByTestId('pd-mc-utility')).toContainText('3.71');
  expect(log.errors).toEqual([]);
});

test('the view is in the menu and the preset menu opens Table 4', async ({ page }) => {
  await page.goto('/#view=compare');
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await page.locator('.view-nav a[data-view="pd"]').click();
  await expect(page.getByTestId('view-pd')).toBeVisible();
  await expect.poll(() => fragment(page)).toContain('view=pd');
  await page.getByTestId('presets').selectOption('pd-table4');
  await expect(page.getByTestId('pd-preference_driven-0')).toContainText('0.656');
});

test('moving a κ slider updates the link, and Default κ brings the shares back', async ({ page }) => {
  await openView(page, T4);
  const slider = page.getByTestId('pd-kappa-slider-0');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => fragment(page)).toContain('kappa=0.501,0.2,0.3');
  await slider.fill('0.9');
  await expect.poll(() => fragment(page)).toContain('kappa=0.9,0.2,0.3');
  await expect(page.getByTestId('pd-kappa-field-0')).toHaveValue('0.9');
  await expect(page.getByTestId('pd-preference_driven-0')).not.toContainText('0.656');
  // The typed field of class 2.
  await page.getByTestId('pd-kappa-field-1').fill('0.75');
  await page.getByTestId('pd-kappa-field-1').press('Enter');
  await expect.poll(() => fragment(page)).toContain('kappa=0.9,0.75,0.3');
  await page.getByTestId('pd-kappa-default').click();
  await expect.poll(() => fragment(page)).not.toContain('kappa=');
  await expect(page.getByTestId('pd-preference_driven-0')).toContainText('0.656');
});

test('a bad κ gives a notice and the last good κ stays', async ({ page }) => {
  // In a link: outside [0, 1], wrong length, not a number.
  for (const bad of ['2,0,0', '0.5,0.5', '0.5,x,0.3']) {
    await openView(page, `${T4}&kappa=${bad}`);
    await expect(page.getByTestId('link-notice').filter({ hasText: 'kappa' })).toHaveCount(1);
    await expect(page.getByTestId('pd-preference_driven-0')).toContainText('0.656');
  }
  // A good κ, then a bad one typed into the address bar: the good one stays.
  await openView(page, `${T4}&kappa=0.1,0.2,0.3`);
  await expect(page.getByTestId('pd-kappa-field-0')).toHaveValue('0.1');
  await page.evaluate((f) => (location.hash = f), `${T4}&kappa=7,7,7`);
  await expect(page.getByTestId('link-notice').filter({ hasText: 'kappa' })).toHaveCount(1);
  await expect(page.getByTestId('pd-kappa-field-0')).toHaveValue('0.1');
  await expect.poll(() => fragment(page)).toContain('kappa=0.1,0.2,0.3');
  // In a field: not a number, outside [0, 1].
  for (const bad of ['abc', '1.5', '-0.1']) {
    const field = page.getByTestId('pd-kappa-field-2');
    await field.fill(bad);
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pd-kappa-error-2')).toContainText('κ is unchanged');
    await expect.poll(() => fragment(page)).toContain('kappa=0.1,0.2,0.3');
  }
});

test('two classes: the heatmaps follow a matrix edit and read out the cell under the pointer', async ({
  page,
}) => {
  const log = await openView(page, FIG3);
  const heat = page.getByTestId('pd-heatmaps').locator('canvas');
  await expect(heat).toBeVisible();
  await expect(page.getByTestId('pd-winners').locator('canvas')).toBeVisible();
  // The κ in force (default [0.5, 0.5]) is read out: cm4 0.7917, cm8 0.7917 (a tie).
  const readout = page.getByTestId('pd-readout');
  await expect(readout).toContainText('κ in force');
  await expect(readout).toContainText('0.7917');
  const before = await pixels(page, 'pd-heatmaps');
  // Edit cm4 (rows = true class): 10,0;5,5 → 10,0;1,9.
  await cell(page, 'pd-cm-editor-0', 1, 0).fill('1');
  await cell(page, 'pd-cm-editor-0', 1, 1).fill('9');
  await cell(page, 'pd-cm-editor-0', 1, 1).press('Tab');
  await expect.poll(() => fragment(page)).toContain('cm.cm4=10,0;1,9');
  await expect.poll(() => pixels(page, 'pd-heatmaps')).not.toBe(before);
  // Hover the bottom-left of the first square: κ = (0, 0), p-d = macro recall.
  const sq = await square(page);
  await heat.hover({ position: { x: sq.x + 2, y: 24 + sq.side - 2 } });
  await expect(readout).toContainText('Pointed at');
  await expect(readout).toContainText('κ = (0, 0)');
  // Tap works too: a pointerdown on the winner map.
  const win = page.getByTestId('pd-winners').locator('canvas');
  await win.scrollIntoViewIfNeeded();
  const wb = await win.boundingBox();
  await page.mouse.move(wb.x + wb.width / 2, wb.y + 100);
  await expect(readout).toContainText('first:');
  // The grid step: 0.05 is in the link and the grid is finer.
  await page.getByTestId('pd-step').selectOption('0.05');
  await expect.poll(() => fragment(page)).toContain('pdstep=0.05');
  expect(log.errors).toEqual([]);
});

/** The first heatmap square's left edge and side at the page's width (the plot's own layout). */
async function square(page) {
  const w = await page.getByTestId('pd-heatmaps').locator('canvas').evaluate((c) => c.clientWidth);
  const cols = Math.max(1, Math.min(2, Math.floor(w / 250)));
  const colW = w / cols;
  const side = Math.min(420, Math.max(40, colW - 44 - 12));
  return { x: Math.max(0, colW - (44 + side + 12)) / 2 + 44, side };
}

test('more classes: random κ vectors beyond 10⁵, said so; settings in the link', async ({ page }) => {
  await openView(page, `${T4}&pdgrid=0,0.01,...,1&pdbins=100`);
  await expect(page.getByTestId('pd-grid-note')).toContainText('at random', { timeout: 20_000 });
  await expect(page.getByTestId('pd-first-0')).toContainText('100');
  await page.getByTestId('pd-grid').fill('0,0.5,1');
  await page.getByTestId('pd-grid').press('Enter');
  await expect(page.getByTestId('pd-grid-note')).toContainText('27 vectors');
  await expect.poll(() => fragment(page)).toContain('pdgrid=0,0.5,1');
  await page.getByTestId('pd-grid').fill('0,2');
  await page.getByTestId('pd-grid').press('Enter');
  await expect(page.getByTestId('pd-grid-error')).toContainText('outside [0, 1]');
  // Bad settings in a link: notices, defaults.
  await openView(page, `${T4}&pdstep=0.3&pdbins=0&pdgrid=a`);
  await expect(page.getByTestId('link-notice')).toHaveCount(3);
});

test('exports download: CSV of the table, grids and histograms; PNG and SVG', async ({ page }) => {
  await openView(page, FIG3);
  const expectDownload = async (button, name) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(dl.suggestedFilename()).toBe(name);
    return readFileSync(await dl.path(), 'utf8');
  };
  const table = await expectDownload(page.getByTestId('pd-export-table'), 'p-d table.csv');
  expect(table.split('\n')[0]).toContain('preference_driven');
  const grids = await expectDownload(page.getByTestId('pd-export-heatmaps'), 'p-d heatmaps.csv');
  expect(grids.trim().split('\n')).toHaveLength(1 + 121);
  await expect(page.getByTestId('pd-grid-note')).toBeVisible();
  const hist = await expectDownload(page.getByTestId('pd-export-histograms'), 'p-d histograms.csv');
  expect(hist.length).toBeGreaterThan(10);
  const svg = await expectDownload(
    page.getByTestId('pd-heatmaps').getByTestId('export-svg'),
    'p-d-heatmaps.svg',
  ).catch(async () => null);
  if (svg !== null) expect(svg).toContain('<svg');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('pd-winners').getByTestId('export-png').click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
});

test('hostile names are shown as text; embed shows the view alone', async ({ page }) => {
  const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    d.dismiss();
  });
  await openView(page, `view=pd&cm.${hostile}=27,15;23,35&cm.B=43,18;7,32&classes=${hostile},b`);
  await expect(page.getByTestId('pd-table')).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('.view-pd img')).toHaveCount(0);
  await openView(page, `${FIG3}&embed=1`);
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect(page.locator('.view-nav')).toHaveCount(0);
  await expect(page.getByTestId('pd-heatmaps').locator('canvas')).toBeVisible();
  expect(dialogs).toBe(0);
});

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshot at ${width} px, ${colorScheme}, no horizontal scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      for (const [name, frag] of [
        ['fig3', FIG3],
        ['table4', T4],
      ]) {
        const log = await openView(page, frag, { colorScheme });
        await expect(page.getByTestId('pd-hist-plot').locator('canvas')).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(shots, `pd-${name}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);
        expect(log.errors).toEqual([]);
      }
    });
  }
}
