// The ROC & thresholds view (Dyrland et al. 2022, §5, fig. 8): the tangent of the iso-utility
// lines, not the area under the curve.
//
// * The hand-typed link with two binormal curves shows AUCs 0.760 and 0.921 and names B best.
// * The fig. 8 presets (menu and link): the larger-AUC curve loses, and the page says so.
// * A scores CSV (file picker) gives its curves; a bad one (a non-numeric score on line 7)
//   gives a message naming line 7 and keeps the previous data; a pasted CSV works too.
// * A point moved along the curve with the keyboard is sent to Compare as a classifier; a
//   click on the ROC picture picks the nearest point of the nearest curve (1280 and 375 px).
// * 10⁶ rows load in pieces, progress shown and the previous data kept meanwhile (the load
//   time and the longest task, under 50 ms on a quiet machine, are printed, not asserted);
//   the AUCs shown are those of a Mann–Whitney count in the test.
// * Bad keys and hostile names: notices and plain text. Exports download; 375 px fits; embed.
// * Screenshots at 375 and 1280 px, light and dark (tests/e2e/.artifacts/screenshots/).
import { test, expect } from './fixtures.mjs';
import path from 'node:path';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '.artifacts/screenshots');

const HAND = 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5';
const FIG8 = 'view=roc&bn.A=1.5,0.5&bn.B=2,2&u=4,0;0,1&prev=0.5,0.5';
const FIG8_IDENTITY = 'view=roc&bn.A=1.5,0.5&bn.B=2,2&u=1,0;0,1&prev=0.8,0.2';

/** Opens the page at `fragment` (a fresh document) and records errors and long tasks. */
async function open(page, fragment, { colorScheme } = {}) {
  const log = { errors: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.errors.push(msg.text());
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  page.on('dialog', (d) => {
    log.errors.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  await page.addInitScript(() => {
    window.__longtasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      window.__longtasks = null;
    }
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('view-roc')).toBeVisible();
  return log;
}

/** The AUC column of the table of curves. */
async function aucs(page) {
  return page.getByTestId('roc-table').getByTestId('roc-auc').allTextContents();
}

/** A scores file for the file picker. */
function csvFile(name, text) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

test('the hand-typed link: AUCs 0.760 and 0.921, B named best', async ({ page }) => {
  const log = await open(page, HAND);
  await expect(page.getByTestId('roc-table')).toBeVisible();
  expect(await aucs(page)).toEqual(['0.760', '0.921']);
  await expect(page.getByTestId('roc-best')).toContainText('B is the best');
  await expect(page.getByTestId('roc-best')).toContainText('slope 0.25');
  await expect(page.getByTestId('roc-row-1')).toHaveClass(/is-best/);
  // B has the larger AUC and is best: no sentence against the AUC.
  await expect(page.getByTestId('roc-auc-sentence')).toHaveCount(0);
  await expect(page.getByTestId('roc-share-note')).toContainText('π₀ = 0.5, from the deployment shares');
  // Both plots are drawn.
  for (const id of ['roc-plot', 'roc-threshold-plot']) {
    await expect.poll(() => page.getByTestId(id).locator('canvas').evaluate((c) => c.width)).toBeGreaterThan(0);
  }
  // The link keeps the keys as typed.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('bn.A=1,1&bn.B=2,1');
  expect(log.errors).toEqual([]);
});

test('fig. 8 from the preset menu: the larger AUC loses; and at B = 0.8 with the identity', async ({ page }) => {
  const log = await open(page, 'view=roc');
  await page.getByTestId('presets').selectOption('fig8');
  await expect(page.getByTestId('view-roc')).toBeVisible();
  expect(await aucs(page)).toEqual(['0.910', '0.814']);
  await expect(page.getByTestId('roc-best')).toContainText('B is the best');
  await expect(page.getByTestId('roc-auc-sentence')).toHaveText(
    /A has the larger AUC \(0\.910 vs 0\.814\) but B yields more at its best threshold \(2\.205 vs 2\.135\)/,
  );
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('bn.A=1.5,0.5&bn.B=2,2');
  // The second preset, by its link.
  await open(page, FIG8_IDENTITY);
  expect(await aucs(page)).toEqual(['0.910', '0.814']);
  await expect(page.getByTestId('roc-best')).toContainText('B is the best');
  await expect(page.getByTestId('roc-auc-sentence')).toContainText('(0.8819 vs 0.8538)');
  // And from the menu of the ROC view itself.
  await page.getByTestId('presets').selectOption('fig8');
  await expect(page.getByTestId('roc-auc-sentence')).toContainText('(2.205 vs 2.135)');
  expect(log.errors).toEqual([]);
});

test('a scores CSV: good, then bad on line 7 (message names line 7, previous data kept), then pasted', async ({ page }) => {
  const log = await open(page, 'view=roc&u=1,0;0,1');
  const good = 'label,logistic,forest\n1,0.9,0.6\n0,0.8,0.1\n1,0.7,0.7\n0,0.3,0.65\n1,0.2,0.9\n0,0.1,0.2\n';
  await page.getByTestId('roc-file').setInputFiles(csvFile('scores.csv', good));
  await expect(page.getByTestId('roc-load-done')).toContainText('scores.csv: 6 rows, 2 classifiers (logistic, forest)');
  await expect(page.getByTestId('roc-load-done')).toContainText("class 0 (positive) = '1'");
  // logistic: positives 0.9, 0.7, 0.2 against negatives 0.8, 0.3, 0.1: 3 + 2 + 1 of 9 pairs;
  // forest: positives 0.6, 0.7, 0.9 against negatives 0.1, 0.65, 0.2: 8 of 9 pairs.
  expect(await aucs(page)).toEqual(['0.667', '0.889']);
  await expect(page.getByTestId('roc-best')).toContainText('forest is the best');
  await expect(page.getByTestId('roc-share-note')).toContainText("the test set's");
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('scores=logistic,forest');
  // Line 7 (the header is line 1) has a non-numeric score.
  const bad = 'label,logistic,forest\n1,0.9,0.6\n0,0.8,0.1\n1,0.7,0.7\n0,0.3,0.65\n1,0.2,0.9\n0,0.1,oops\n';
  await page.getByTestId('roc-file').setInputFiles(csvFile('bad.csv', bad));
  await expect(page.getByTestId('roc-load-error')).toContainText('line 7');
  await expect(page.getByTestId('roc-load-error')).toContainText('previous data are kept');
  expect(await aucs(page)).toEqual(['0.667', '0.889']);
  // Labels that are not 0/1: the positive label must be chosen.
  await page.getByText('…or paste the CSV').click();
  await page.getByTestId('roc-paste').fill('y,m\nspam,0.9\nham,0.2\nspam,0.6\nham,0.7\n');
  await page.getByTestId('roc-paste-load').click();
  await expect(page.getByTestId('roc-load-error')).toContainText('spam');
  await page.getByTestId('roc-positive').selectOption('spam');
  await expect(page.getByTestId('roc-load-done')).toContainText("class 0 (positive) = 'spam'");
  expect(await aucs(page)).toEqual(['0.750']);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('pos=spam');
  expect(log.errors).toEqual([]);
});

test('a point moved with the keyboard is sent to Compare as a classifier', async ({ page }) => {
  const log = await open(page, HAND);
  const point = page.getByTestId('roc-pick-point');
  await expect(point).toContainText('B: threshold');
  await expect(point).toContainText('its optimum');
  const slider = page.getByTestId('roc-pick-slider');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(point).not.toContainText('its optimum');
  await page.keyboard.press('ArrowLeft');
  await expect(point).toContainText('its optimum');
  await page.getByTestId('roc-send').click();
  await expect(page.getByTestId('toast')).toContainText("Added 'B @");
  await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('cm.B @');
  await page.getByTestId('roc-open-compare').click();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('classifier-count')).toHaveText('1');
  expect(log.errors).toEqual([]);
});

/** The pixel of ROC point (f, t) on the ROC picture's canvas, `width` CSS px wide: the plotting
 *  area of `RocChart::frame` (the square beside the legend from 640 px, above it below; 50 px
 *  left of it and 10 px above for the margins and labels, 61 px less than the square's side;
 *  data range −0.01 … 1.01). */
function rocPixel(canvasWidth, f, t) {
  const width = Math.round(canvasWidth);
  const side = width >= 640 ? Math.min(width - Math.min(Math.max(Math.floor(width * 0.32), 200), 320), 640) : width;
  const inner = side - 61;
  return { x: 50 + ((f + 0.01) / 1.02) * inner, y: 10 + ((1.01 - t) / 1.02) * inner };
}

/** The FPR and TPR of the picked point's readout. */
async function readout(page) {
  const text = await page.getByTestId('roc-pick-point').textContent();
  const m = text.match(/^(.+): threshold .*, FPR ([\d.]+), TPR ([\d.]+)/);
  expect(m, text).not.toBeNull();
  return { name: m[1], fpr: Number(m[2]), tpr: Number(m[3]), text };
}

for (const width of [1280, 375]) {
  test(`a click on the ROC picture picks the nearest point of the nearest curve (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const log = await open(page, HAND);
    const canvas = page.getByTestId('roc-plot').locator('canvas');
    await expect.poll(() => canvas.evaluate((c) => c.width)).toBeGreaterThan(0);
    await canvas.scrollIntoViewIfNeeded();
    const w = await canvas.evaluate((c) => c.getBoundingClientRect().width);
    await expect(page.getByTestId('roc-pick-point')).toContainText('its optimum');
    // B = binormal(2, 1): at FPR 0.1, TPR = Φ(2 + Φ⁻¹(0.1)) = Φ(0.7184) = 0.7638.
    await canvas.click({ position: rocPixel(w, 0.1, 0.7638) });
    await expect(page.getByTestId('roc-pick-point')).not.toContainText('its optimum');
    let r = await readout(page);
    expect(r.name).toBe('B');
    expect(Math.abs(r.fpr - 0.1)).toBeLessThan(0.012);
    expect(Math.abs(r.tpr - 0.764)).toBeLessThan(0.012);
    await expect(page.getByTestId('roc-pick-curve')).toHaveValue('1');
    // A = binormal(1, 1): at FPR 0.4, TPR = Φ(1 + Φ⁻¹(0.4)) = Φ(0.7467) = 0.7724 (B is at 0.96).
    await canvas.click({ position: rocPixel(w, 0.4, 0.7724) });
    await expect(page.getByTestId('roc-pick-curve')).toHaveValue('0');
    r = await readout(page);
    expect(r.name).toBe('A');
    expect(Math.abs(r.fpr - 0.4)).toBeLessThan(0.012);
    expect(Math.abs(r.tpr - 0.772)).toBeLessThan(0.012);
    // The keyboard moves on from the clicked point, along A.
    await page.getByTestId('roc-pick-slider').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('roc-pick-point')).not.toHaveText(r.text);
    const next = await readout(page);
    expect(next.name).toBe('A');
    expect(Math.abs(next.fpr - r.fpr)).toBeLessThan(0.02);
    // A click on the legend (or anywhere off the square) picks nothing.
    const before = await page.getByTestId('roc-pick-point').textContent();
    const box = await canvas.boundingBox();
    await canvas.click({ position: { x: w - 5, y: box.height - 5 } });
    await expect(page.getByTestId('roc-pick-point')).toHaveText(before);
    // The picked point goes to Compare.
    await page.getByTestId('roc-send').click();
    await expect(page.getByTestId('toast')).toContainText("Added 'A @");
    expect(log.errors).toEqual([]);
  });
}

test('bad keys give notices and the page; hostile names stay text', async ({ page }) => {
  const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
  const log = await open(page, `view=roc&bn.A=1,0&bn.${hostile}=1,1&bn.C=x&u=4,0;0,1&prev=0.5,0.5`);
  const keys = await page.getByTestId('link-notice').evaluateAll((els) => els.map((e) => e.dataset.key));
  expect(keys).toEqual(['bn.A', 'bn.C']);
  await expect(page.getByTestId('link-notices')).toContainText('greater than 0');
  await expect(page.getByTestId('roc-table')).toContainText('<img src=x onerror=alert(1)>');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await aucs(page)).toEqual(['0.760']);
  expect(log.errors).toEqual([]);
});

test('exports: PNG and SVG of both plots, CSV of the points and the summary', async ({ page }) => {
  const log = await open(page, FIG8);
  const save = async (locator) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), locator.click()]);
    return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
  };
  const svg = await save(page.getByTestId('roc-plot').getByTestId('export-svg'));
  expect(svg.name).toBe('roc-curves.svg');
  expect(svg.text).toContain('AUC 0.910');
  const png = await save(page.getByTestId('roc-threshold-plot').getByTestId('export-png'));
  expect(png.name).toBe('roc-yield-vs-threshold.png');
  const points = await save(page.getByTestId('roc-export-points'));
  expect(points.name).toBe('roc-points.csv');
  expect(points.text.split('\n')[0]).toBe('classifier,threshold,fpr,tpr,yield,on_hull,optimal');
  expect(points.text.split('\n').filter((l) => l.startsWith('A,')).length).toBeGreaterThan(100);
  const summary = await save(page.getByTestId('roc-export-summary'));
  expect(summary.text.split('\n')[0]).toContain('classifier,source,a,b');
  expect(log.errors).toEqual([]);
});

test('embed and 375 px: the view alone, no horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const log = await open(page, `embed=1&${FIG8}`);
  await expect(page.getByTestId('embed-bar')).toContainText('ROC & thresholds');
  await expect(page.getByTestId('share-bar')).toHaveCount(0);
  await expect(page.getByTestId('roc-auc-sentence')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(log.errors).toEqual([]);
});

test('the view menu reaches the view', async ({ page }) => {
  const log = await open(page, 'view=roc');
  await expect(page.getByTestId('roc-best')).toContainText('No curve yet');
  await page.goto('/#view=compare');
  await page.reload();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await page.getByRole('link', { name: 'ROC & thresholds' }).or(page.getByRole('button', { name: 'ROC & thresholds' })).first().click();
  await expect(page.getByTestId('view-roc')).toBeVisible();
  expect(log.errors).toEqual([]);
});

/** The AUC of `scores` for `positive` (booleans): the Mann–Whitney statistic with midranks for
 *  ties, P(score of a positive > score of a negative) + ½ P(tie). */
function mannWhitney(scores, positive) {
  const order = Array.from(scores.keys()).sort((i, j) => scores[i] - scores[j]);
  let rankSum = 0;
  let pos = 0;
  for (let a = 0; a < order.length; ) {
    let b = a;
    while (b < order.length && scores[order[b]] === scores[order[a]]) b++;
    const midrank = (a + 1 + b) / 2; // ranks a+1 … b
    for (let k = a; k < b; k++) if (positive[order[k]]) rankSum += midrank;
    a = b;
  }
  for (const p of positive) if (p) pos++;
  const neg = positive.length - pos;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

test('10⁶ rows load in pieces, with progress and the old data kept; the AUCs are Mann–Whitney\'s', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const log = await open(page, 'view=roc&u=1,0;0,1');
  // A deterministic file: 10⁶ rows, two classifiers, scores with 6 decimals (so with ties).
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const n = 1_000_000;
  const lines = ['label,m1,m2'];
  const positive = new Array(n);
  const m1 = new Float64Array(n);
  const m2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const y = rand() < 0.3 ? 1 : 0;
    const a = (y * 0.5 + rand()).toFixed(6);
    const b = (y * 0.2 + rand()).toFixed(6);
    lines.push(`${y},${a},${b}`);
    positive[i] = y === 1; // '1' is positive by scikit-learn's rule
    m1[i] = Number(a);
    m2[i] = Number(b);
  }
  const text = lines.join('\n') + '\n';
  const want = [mannWhitney(m1, positive), mannWhitney(m2, positive)].map((v) => v.toFixed(3));
  // A file on disk: Playwright hands its path to the browser (a buffer would be decoded by a
  // script in the page, itself a main-thread task of seconds).
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, 'million.csv');
  writeFileSync(file, text);
  // Some data first: they stay until the new file is complete.
  await page.getByTestId('roc-file').setInputFiles(csvFile('small.csv', 'label,s\n1,0.9\n0,0.2\n1,0.4\n0,0.6\n'));
  await expect(page.getByTestId('roc-load-done')).toContainText('small.csv: 4 rows');
  expect(await aucs(page)).toEqual(['0.750']);

  const t0 = await page.evaluate(() => performance.now());
  const started = Date.now();
  await page.getByTestId('roc-file').setInputFiles(file);
  await expect(page.getByTestId('roc-load-progress')).toContainText(/Reading million\.csv… \d+\s%/);
  expect(await aucs(page)).toEqual(['0.750']);
  await expect(page.getByTestId('roc-load-done')).toContainText('1000000 rows', { timeout: 200_000 });
  const seconds = (Date.now() - started) / 1000;
  expect(await aucs(page)).toEqual(want);
  // Long tasks since the file was given ([start ms after it, duration ms]), and the loader's
  // marks of its pieces of work over 30 ms ([ms after it, "roc-load <what> <ms> ms"]).
  const { tasks, marks } = await page.evaluate(
    (t) => ({
      tasks: window.__longtasks?.filter((e) => e.start >= t).map((e) => [Math.round(e.start - t), Math.round(e.duration)]),
      marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('roc-load')).map((m) => [Math.round(m.startTime - t), m.name]),
    }),
    t0,
  );
  expect(tasks).toBeDefined();
  const longest = Math.max(0, ...tasks.map((e) => e[1]));
  console.log(
    `10⁶ rows (${(text.length / 1e6).toFixed(1)} MB): loaded in ${seconds.toFixed(1)} s; ` +
      `longest main-thread task ${longest} ms; tasks over 50 ms: ${JSON.stringify(tasks)}; ` +
      `work over 30 ms: ${JSON.stringify(marks)}; AUCs ${want.join(', ')}`,
  );
  // Speed is a figure, not a pass mark (docs/benchmarks.md): on a quiet machine no task is
  // over 50 ms; on a busy one (the parallel suite, a build beside it) the scheduler stretches
  // 12 ms pieces past 100 ms. That the load is done in pieces is what the test asserts: the
  // page showed its progress (it rendered between pieces) and kept the old data meanwhile.
  testInfo.annotations.push({ type: 'longest main-thread task (ms)', description: String(longest) });
  expect(log.errors).toEqual([]);
});

for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark']) {
    test(`screenshot ${width} px ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const log = await open(page, FIG8, { colorScheme: scheme });
      await expect.poll(() => page.getByTestId('roc-plot').locator('canvas').evaluate((c) => c.width)).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `roc-${width}-${scheme}.png`), fullPage: true });
      expect(log.errors).toEqual([]);
    });
  }
}

test('a 0/1 scores file names the classes, and the view says whose utilities it uses (issue 28, item 5)', async ({ page }) => {
  // The factory's problem is in force (classes long and short); the file brings 1 and 0.
  const log = await open(page, 'view=roc&u=15,-335;-35,165&classes=long,short');
  const csv = 'label,m\n1,0.9\n0,0.8\n1,0.7\n0,0.3\n1,0.2\n0,0.1\n';
  await page.getByTestId('roc-file').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const done = page.getByTestId('roc-load-done');
  await expect(done).toContainText("class 0 (positive) = '1', class 1 = '0'");
  await expect(done).toContainText(
    "The classes are now the file's labels: '1' (class 0, positive) and '0'. The utilities are those in force, 15,-335;-35,165",
  );
  const heads = page.getByTestId('roc-utility').locator('thead th');
  await expect(heads).toHaveText(['decision \\ true', '1', '0']);
  await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('classes=1,0');
  await expect(page.getByTestId('roc-best')).not.toContainText('long');
  expect(log.errors).toEqual([]);
});
