// The results side of the Compare view and its sharing: yields, ranking, the metric table of
// Table 1 (Dyrland et al. 2022) with the favoured classifier and the admissibility of each metric, the
// verdict, deployment class shares; "Copy link", embed mode and "Copy embed code", the presets
// (menu and links), the exports (PNG, SVG, CSV, JSON) and JSON import, and broken links.
//
// Every test opens its own page from a link, so the tests do not depend on each other.
import fs from 'node:fs/promises';
import { test, expect } from './fixtures.mjs';
import { MINUS, holdClipboard, expectPartsLoaded } from './helpers.mjs';

const FACTORY = 'view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';

/** Opens the app at `#fragment` (under `prefix`) and records page errors and console errors. */
async function open(page, fragment = FACTORY, prefix = '/') {
  const log = { errors: [] };
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text());
  });
  await page.goto(`${prefix}#${fragment}`);
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('yields-table')).toBeVisible();
  await expectPartsLoaded(page);
  return log;
}

const yieldOf = (page, name) => page.getByTestId(`yield-${name}`);
const metricCell = (page, key, name) => page.getByTestId(`metric-${key}-${name}`);
const fragment = (page) => page.evaluate(() => location.hash.slice(1));
const parts = (frag) => frag.replace(/^#/, '').split('&').filter(Boolean);

/** Waits until `locator`'s `data-value` is `value` (within 1e-9). */
async function expectValue(locator, value) {
  await expect
    .poll(async () => Number(await locator.getAttribute('data-value')), { message: `data-value ≈ ${value}` })
    .toBeCloseTo(value, 9);
}

/** Clicks `button`, waits for the download it starts, and returns its name and bytes. */
async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(await dl.failure(), `download of ${dl.suggestedFilename()}`).toBeNull();
  const file = await dl.path();
  return { name: dl.suggestedFilename(), bytes: await fs.readFile(file), file };
}

async function grantClipboard(context, page) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
}

const readClipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

// Table 1 of Dyrland et al. 2022 (two decimals) for A = [[27,15],[23,35]] and B = [[43,18],[7,32]], class
// "long" positive; every metric favours B except the true-negative rate.
const TABLE_1 = [
  ['accuracy', '0.62', '0.75', 'B'],
  ['balanced_accuracy', '0.62', '0.75', 'B'],
  ['precision', '0.64', '0.70', 'B'],
  ['f1', '0.59', '0.77', 'B'],
  ['mcc', '0.24', '0.51', 'B'],
  ['fowlkes_mallows', '0.59', '0.78', 'B'],
  ['recall', '0.54', '0.86', 'B'],
  ['specificity', '0.70', '0.64', 'A'],
];

test('a link opened just after an edit wins: the edit\'s pending address update does not write over it', async ({ page }) => {
  const log = await open(page);
  // An edit: the address follows it within 0.1 s (a timer is now pending)…
  await page.getByTestId('cm-editor-0').locator('input.cell').first().fill('28');
  // …and before the timer has run, another link is opened, whose hashchange comes only after
  // the timer (as a busy machine once ran them): the address changes now (replaceState fires
  // no hashchange), the event is sent later by hand.
  const other = 'u=1,0;0,1&cm.X=5,1;1,5';
  await page.evaluate((hash) => history.replaceState(null, '', `#${hash}`), other);
  await page.waitForTimeout(400);
  expect(await fragment(page), 'the pending update left the new link alone').toBe(other);
  await page.evaluate(() => window.dispatchEvent(new HashChangeEvent('hashchange')));
  await expectValue(yieldOf(page, 'X'), 10 / 12);
  await expect(yieldOf(page, 'A')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(parts(await fragment(page))).toContain('cm.X=5,1;1,5');
  expect(log.errors).toEqual([]);
});

test('a hand-typed link shows the yields, the ranking, Table 1 and the verdict', async ({ page }) => {
  const log = await open(page);
  // Yields of eq. 3, with the typographic minus.
  await expect(yieldOf(page, 'A')).toHaveText('3.5');
  await expect(yieldOf(page, 'B')).toHaveText(`${MINUS}3.5`);
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expectValue(yieldOf(page, 'B'), -3.5);
  await expect(page.getByTestId('total-A')).toHaveText('350');
  await expect(page.getByTestId('total-B')).toHaveText(`${MINUS}350`);

  // Ranking: A first, marked; rows in ranking order.
  await expect(page.getByTestId('rank-A')).toContainText('1');
  await expect(page.getByTestId('rank-B')).toHaveText('2');
  await expect(page.getByTestId('yield-row-A')).toHaveClass(/is-best/);
  await expect(page.getByTestId('yield-row-B')).not.toHaveClass(/is-best/);
  const order = await page.getByTestId('yields-table').locator('tbody').first().locator('tr').evaluateAll(
    (rows) => rows.map((r) => r.getAttribute('data-testid')),
  );
  expect(order).toEqual(['yield-row-A', 'yield-row-B']);
  // The trivial classifiers as reference: always "long" = (15·50 − 35·50)/100, always "short".
  await expectValue(page.getByTestId('trivial-long'), (15 * 50 - 335 * 50) / 100);
  await expectValue(page.getByTestId('trivial-short'), (-35 * 50 + 165 * 50) / 100);
  // Deciding "short" for every item yields 65 per item: more than both classifiers.
  await expect(page.getByTestId('beaten-note')).toContainText("Deciding 'short' for every item");
  await expect(page.getByTestId('beats-all')).toHaveCount(1);
  await expect(page.getByTestId('reference-rows').locator('tr.beats-all')).toContainText('always short');
  await expect(page.getByTestId('yields-chart').locator('canvas')).toBeVisible();

  // The metric table: the values of Table 1 and the classifier each metric favours.
  await expect(page.getByTestId('metric-table').locator('thead th')).toContainText(['Metric', 'A', 'B']);
  for (const [key, a, b, favoured] of TABLE_1) {
    const other = favoured === 'A' ? 'B' : 'A';
    await expect(metricCell(page, key, 'A').locator('.v'), key).toHaveText(a);
    await expect(metricCell(page, key, 'B').locator('.v'), key).toHaveText(b);
    await expect(metricCell(page, key, favoured), `${key} favours ${favoured}`).toHaveClass(/is-favoured/);
    await expect(metricCell(page, key, favoured), key).toContainText('(favoured)');
    await expect(metricCell(page, key, other), `${key} disfavours ${other}`).toHaveClass(/is-disfavoured/);
    await expect(metricCell(page, key, other), key).not.toHaveClass(/is-favoured/);
    // It agrees with the yield only when it favours A.
    const agree = page.getByTestId(`metric-row-${key}`).locator('.agree-col');
    await expect(agree, key).toHaveText(favoured === 'A' ? '✓ yes' : '✗ no');
  }
  // Exact values behind the rounded ones.
  await expectValue(metricCell(page, 'precision', 'A'), 27 / 42);
  await expectValue(metricCell(page, 'mcc', 'B'), (43 * 32 - 18 * 7) / Math.sqrt(61 * 39 * 50 * 50));
  // The yield row leads the table and favours A.
  await expect(page.getByTestId('metric-table').locator('tbody.metric-group').first()).toHaveAttribute(
    'data-testid',
    'metric-row-utility_yield',
  );
  await expect(metricCell(page, 'utility_yield', 'A')).toHaveClass(/is-favoured/);
  await expect(metricCell(page, 'utility_yield', 'B')).toHaveClass(/is-disfavoured/);
  // Decimals can be changed.
  await page.getByTestId('metric-decimals').selectOption('4');
  await expect(metricCell(page, 'precision', 'A').locator('.v')).toHaveText('0.6429');

  // The verdict: most metrics disagree with the yield.
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-majority-disagrees', 'true');
  await expect(verdict).toHaveClass(/is-alarm/);
  await expect(page.getByTestId('verdict-headline')).toContainText(
    `11 of 12 metrics favour B, yet A has the higher utility yield: 3.5 per item against ${MINUS}3.5 for B.`,
  );
  await expect(page.getByTestId('verdict-details')).toContainText('would pick the wrong classifier');
  await expect(verdict).toHaveAttribute('data-trivial-wins', 'true');
  await expect(page.getByTestId('verdict-details')).toContainText("Deciding 'short' for every item");
  await expect(page.getByTestId('link-notices')).toHaveCount(0);

  // The link is what is shown (not the default example, which happens to be the same): another
  // link replaces it, and the hand-typed one brings it back.
  await page.goto('/#u=1,0;0,1&cm.X=5,1;1,5');
  await expect(yieldOf(page, 'A')).toHaveCount(0);
  await expectValue(yieldOf(page, 'X'), 10 / 12);
  await page.goto(`/#${FACTORY}`);
  await expect(yieldOf(page, 'B')).toHaveText(`${MINUS}3.5`);
  await expect(page.getByTestId('verdict-headline')).toContainText('11 of 12 metrics favour B');
  expect(log.errors).toEqual([]);
});

for (const prefix of ['/', '/some/path/']) {
  test(`"Copy link" round trip (served at ${prefix}): a new page opens the same state`, async ({
    page,
    context,
  }) => {
    const log = await open(page, FACTORY, prefix);
    await grantClipboard(context, page);
    await page.getByTestId('classifier-name-0').fill('Alpha beta');
    await page.getByTestId('cm-editor-1').locator('input[data-r="0"][data-c="0"]').fill('53');
    const bYield = (15 * 53 - 335 * 18 - 35 * 7 + 165 * 32) / 110;
    await expectValue(yieldOf(page, 'B'), bYield);
    await expectValue(yieldOf(page, 'Alpha beta'), 3.5);

    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('toast')).toHaveText('Link copied');
    await expect(page.getByTestId('share-link-panel')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toContain('#');
    const link = await readClipboard(page);
    expect(await page.getByTestId('share-link-field').inputValue()).toBe(link);
    const url = new URL(link);
    expect(url.pathname).toBe(prefix);
    expect(decodeURIComponent(url.hash)).toContain('cm.Alpha beta=27,15;23,35');
    expect(url.hash).toContain('cm.B=53,18;7,32');

    const other = await context.newPage();
    const errors = [];
    other.on('pageerror', (e) => errors.push(String(e)));
    await other.goto(link);
    await expectValue(yieldOf(other, 'Alpha beta'), 3.5);
    await expectValue(yieldOf(other, 'B'), bYield);
    await expect(other.getByTestId('classifier-name-0')).toHaveValue('Alpha beta');
    await expect(other.getByTestId('class-name-1')).toHaveValue('short');
    await expect(other.getByTestId('rank-Alpha beta')).toContainText('1');
    await expect(other.getByTestId('link-notices')).toHaveCount(0);
    expect(await fragment(other)).toBe(await fragment(page));
    expect(errors).toEqual([]);
    expect(log.errors).toEqual([]);
  });
}

test('"copied" is said once the browser has copied, and a refusal says so', async ({ page }) => {
  const clipboard = await holdClipboard(page);
  const log = await open(page);
  const toast = page.getByTestId('toast');
  await page.getByTestId('copy-link').click();
  // The field opens at once; nothing is said while the browser is still copying.
  await expect(page.getByTestId('share-link-panel')).toBeVisible();
  await expect.poll(clipboard.pending).toBe(1);
  expect(await clipboard.text(0)).toBe(await page.getByTestId('share-link-field').inputValue());
  await page.waitForTimeout(300);
  await expect(toast).toHaveCount(0);
  await clipboard.resolve(0);
  await expect(toast).toHaveText('Link copied');

  // Refused: the reason, and what to do instead (the field is there to copy from).
  await page.getByTestId('copy-embed').click();
  await expect.poll(clipboard.pending).toBe(2);
  await clipboard.reject(1, 'Write permission denied.');
  await expect(toast).toHaveText(
    'Could not copy: Write permission denied.; select the embed code and copy it by hand',
  );
  await expect(page.getByTestId('embed-code-field')).toHaveValue(await clipboard.text(1));
  await page.getByTestId('copy-link').click();
  await expect.poll(clipboard.pending).toBe(3);
  await clipboard.reject(2, 'Document is not focused.');
  await expect(toast).toHaveText(
    'Could not copy: Document is not focused.; select the link and copy it by hand',
  );
  expect(log.errors).toEqual([]);
});

test('the yields chart follows the width of its box, not only of the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const log = await open(page);
  const canvas = page.getByTestId('yields-chart').locator('canvas');
  const box = page.getByTestId('yields-chart').locator('.plot-box');
  const widths = () =>
    Promise.all([box.evaluate((b) => b.clientWidth), canvas.evaluate((c) => c.width)]);
  await expect.poll(async () => (await widths())[1]).toBeGreaterThan(0);
  const [wide] = await widths();
  expect((await widths())[1]).toBe(wide);
  // The window keeps its size; the results column narrows.
  await page.locator('.compare-results').evaluate((el) => (el.style.maxWidth = '400px'));
  await expect.poll(async () => (await widths())[1]).toBeLessThan(wide);
  const [narrow, drawn] = await widths();
  expect(drawn).toBe(narrow);
  // Its CSS height is set from its width.
  expect(await canvas.evaluate((c) => c.style.height)).toMatch(/^\d+px$/);
  // And the window: narrower still.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(async () => (await widths())[1]).toBeLessThan(narrow);
  expect(log.errors).toEqual([]);
});

test('embed mode: the view alone, a link to the full app, fits 375 px', async ({ page, context }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const log = await open(page, `embed=1&${FACTORY}&prev=0.9,0.1`);
  await expect(page.getByTestId('app')).toHaveClass(/is-embed/);
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect(page.locator('.view-nav')).toHaveCount(0);
  await expect(page.locator('a[data-view]')).toHaveCount(0);
  await expect(page.getByTestId('app-title')).toHaveCount(0);
  await expect(page.getByTestId('share-bar')).toHaveCount(0);
  await expect(yieldOf(page, 'A')).toHaveText('3.5');
  await expect(page.getByTestId('deployment-yield-A')).toBeVisible();

  // The link back: the same state, without embed, in a new tab.
  const full = page.getByTestId('open-full-app');
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('target', '_blank');
  const href = await full.getAttribute('href');
  expect(href).not.toContain('embed');
  expect(href).toContain('u=15,-335;-35,165');
  expect(href).toContain('prev=0.9,0.1');
  const [popup] = await Promise.all([context.waitForEvent('page'), full.click()]);
  await expect(popup.getByTestId('app-title')).toBeVisible();
  await expect(popup.locator('a[data-view="compare"]')).toBeVisible();
  await expect(yieldOf(popup, 'B')).toHaveText(`${MINUS}3.5`);

  // No horizontal overflow at 375 px.
  await expect(page.getByTestId('metric-table')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(log.errors).toEqual([]);
});

test('"Copy embed code" gives an <iframe> whose page is the embedded view', async ({ page, context }) => {
  const log = await open(page);
  await grantClipboard(context, page);
  await page.getByTestId('classifier-name-1').fill('Bee');
  await expectValue(yieldOf(page, 'Bee'), -3.5);
  await page.getByTestId('copy-embed').click();
  await expect(page.getByTestId('toast')).toHaveText('Embed code copied');
  await expect.poll(() => readClipboard(page)).toContain('<iframe');
  const code = await readClipboard(page);
  expect(await page.getByTestId('embed-code-field').inputValue()).toBe(code);
  // The frame, then the few lines that fit it to its content.
  expect(code).toMatch(/^<iframe [^>]*src="[^"]+"[^>]*data-utility-lab[^>]*><\/iframe>\n<script>[^<]*<\/script>$/);
  const src = code.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  expect(src).toContain('embed=1');
  expect(src).toContain('cm.Bee=43,18;7,32');

  // The snippet's page, in an iframe 375 px wide: the view alone, without overflow.
  const host = await context.newPage();
  await host.setViewportSize({ width: 375, height: 900 });
  // A course page of its own (no policy of ours), holding only the snippet.
  await host.route('**/course-page.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><body style="margin:0">${code}</body>` }),
  );
  await host.goto('/course-page.html');
  const frame = host.frameLocator('iframe');
  await expect(frame.getByTestId('embed-bar')).toBeVisible();
  await expect(frame.getByTestId('yield-Bee')).toHaveText(`${MINUS}3.5`);
  // The page told the frame its height: no inner scroll bar, no empty space.
  const framed = host.frames().find((f) => f !== host.mainFrame());
  const contentHeight = () => framed.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  const frameHeight = () => host.locator('iframe').evaluate((f) => Math.round(f.getBoundingClientRect().height));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(1);
  expect(await frameHeight()).not.toBe(900);
  // It leads with the answer: the verdict above the editors.
  const top = (testid) => frame.getByTestId(testid).evaluate((e) => e.getBoundingClientRect().top);
  expect(await top('verdict')).toBeLessThan(await top('classifiers'));
  await expect(frame.locator('.view-nav')).toHaveCount(0);
  const frameOverflow = await host
    .frames()
    .find((f) => f !== host.mainFrame())
    .evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(frameOverflow).toBeLessThanOrEqual(0);

  // The preview link opens the same embedded view.
  const preview = await page.getByTestId('embed-preview').getAttribute('href');
  expect(preview).toContain('embed=1');
  expect(log.errors).toEqual([]);
});

// Every preset: its yields (per item), checked against hand calculations.
const PRESETS = [
  { id: 'factory', yields: { A: 3.5, B: -3.5 } },
  { id: 'variant', yields: { A: 4.7, B: 7.3 } },
  { id: 'medical', yields: { A: 338.5, B: 331.5 } },
  { id: 'lottery', yields: { 'always buy': 4.5, 'never buy': 0 }, deployment: { 'always buy': -0.89, 'never buy': 0 } },
  { id: 'accuracy', yields: { A: 0.62, B: 0.75 } },
  { id: 'tpr', yields: { A: 0.27, B: 0.43 } },
  { id: 'tnr', yields: { A: 0.35, B: 0.32 } },
  // Table 4 of Kozak et al. 2022: accuracy 0.7, and p-d with the default κ = (0.5, 0.2, 0.3) is 0.656.
  { id: 'pd-example', yields: { 'Table 4': 0.7 }, metrics: { preference_driven: { 'Table 4': 0.656 } } },
  // The other views' presets open (each view's own spec checks what they show).
  ...['decide-lottery', 'decide-factory-a', 'decide-dont-balance', 'decide-inspect', 'decide-three-classes']
    .map((id) => ({ id, yields: {} })),
  { id: 'space-factory', yields: {} },
  { id: 'fig8', yields: {} },
  { id: 'fig8-identity', yields: {} },
  ...['pd-table4', 'pd-fig2', 'pd-fig3', 'pd-fig4', 'pd-fig5', 'pd-table3', 'pd-factory', 'probs-triage', 'probs-screening'].map((id) => ({ id, yields: {} })),
];
// A state unlike every preset, to start from.
const NEUTRAL = 'view=compare&u=2,0;0,1&cm.X=5,1;1,5&cm.Y=3,2;2,3';

test('the presets menu lists every preset, each with a link', async ({ page }) => {
  await open(page, NEUTRAL);
  const ids = await page.getByTestId('presets').locator('option').evaluateAll((os) => os.map((o) => o.value));
  expect(ids).toEqual(['', ...PRESETS.map((p) => p.id)]);
  for (const { id } of PRESETS) await expect(page.getByTestId(`preset-link-${id}`)).toBeVisible();
});

for (const preset of PRESETS) {
  test(`preset ${preset.id}: the menu updates the URL and the yields; its link opens the same state`, async ({
    page,
    context,
  }) => {
    const log = await open(page, NEUTRAL);
    await page.getByTestId('presets').selectOption(preset.id);
    await expect(page.getByTestId('toast')).toContainText('Loaded:');
    for (const [name, y] of Object.entries(preset.yields)) await expectValue(yieldOf(page, name), y);
    for (const [name, y] of Object.entries(preset.deployment ?? {})) {
      await expectValue(page.getByTestId(`deployment-yield-${name}`), y);
    }
    for (const [key, values] of Object.entries(preset.metrics ?? {})) {
      for (const [name, v] of Object.entries(values)) {
        await expect
          .poll(async () => Number(await metricCell(page, key, name).getAttribute('data-value')), { message: key })
          .toBeCloseTo(v, 3);
      }
    }
    await expect(yieldOf(page, 'X')).toHaveCount(0);
    // The menu names the example that is loaded (and the prompt again once it is edited).
    await expect(page.getByTestId('presets')).toHaveValue(preset.id);
    // The URL follows: every part of the preset's link is in it.
    const href = await page.getByTestId(`preset-link-${preset.id}`).getAttribute('href');
    await expect.poll(async () => parts(await fragment(page))).toEqual(expect.arrayContaining(parts(href)));
    const afterMenu = await fragment(page);

    // The preset's link, in a new page: the same state, the same normalized URL, no notice.
    const other = await context.newPage();
    await other.goto(`/${href}`);
    for (const [name, y] of Object.entries(preset.yields)) await expectValue(yieldOf(other, name), y);
    for (const [name, y] of Object.entries(preset.deployment ?? {})) {
      await expectValue(other.getByTestId(`deployment-yield-${name}`), y);
    }
    await expect(other.getByTestId('link-notices')).toHaveCount(0);
    await expect.poll(() => fragment(other)).toBe(afterMenu);

    // And followed in the same page from another state (a hash change).
    await page.getByTestId('presets').selectOption(preset.id === 'tnr' ? 'accuracy' : 'tnr');
    await expect.poll(() => fragment(page)).not.toBe(afterMenu);
    await page.getByTestId(`preset-link-${preset.id}`).click();
    for (const [name, y] of Object.entries(preset.yields)) await expectValue(yieldOf(page, name), y);
    await expect.poll(() => fragment(page)).toBe(afterMenu);
    expect(log.errors).toEqual([]);
  });
}

test('each plot exports a PNG and an SVG', async ({ page }) => {
  const log = await open(page);
  const plots = page.getByTestId('view-compare').locator('figure.plot');
  const count = await plots.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const plot = plots.nth(i);
    const testid = await plot.getAttribute('data-testid');
    const png = await download(page, plot.getByTestId('export-png'));
    expect(png.name, testid).toMatch(/\.png$/);
    expect(png.bytes.length, testid).toBeGreaterThan(1000);
    expect([...png.bytes.subarray(0, 8)], `${testid}: PNG signature`).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const svg = await download(page, plot.getByTestId('export-svg'));
    expect(svg.name, testid).toMatch(/\.svg$/);
    const text = svg.bytes.toString('utf8');
    expect(text, testid).toContain('<svg');
    expect(text, testid).toContain('</svg>');
    // The yields chart names the classifiers.
    if (testid === 'yields-chart') {
      expect(png.name).toBe('utility-yields.png');
      expect(text).toMatch(/>\s*A\s*</);
      expect(text).toMatch(/>\s*B\s*</);
      expect(text).toMatch(/>\s*always short\s*</);
    }
  }
  expect(log.errors).toEqual([]);
});

/** Parses simple CSV (quoted fields allowed) into rows of fields. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

test('each table exports as CSV, with a header and the classifiers', async ({ page }) => {
  const log = await open(page, FACTORY.replace('cm.A=', 'cm.A%2C%20%22quoted%22='));
  const a = 'A, "quoted"';
  await expectValue(yieldOf(page, a), 3.5);

  const yields = await download(page, page.getByTestId('export-yields-csv'));
  expect(yields.name).toBe('utility-yields.csv');
  const y = parseCsv(yields.bytes.toString('utf8'));
  expect(y[0]).toEqual(['kind', 'rank', 'name', 'yield_per_item', 'total_test_set']);
  expect(y.slice(1, 3).map((r) => [r[0], r[1], r[2], Number(r[3])])).toEqual([
    ['classifier', '1', a, 3.5],
    ['classifier', '2', 'B', -3.5],
  ]);
  expect(y.filter((r) => r[0] === 'reference').map((r) => r[2])).toEqual(['always long', 'always short']);

  const metrics = await download(page, page.getByTestId('export-metrics-csv'));
  expect(metrics.name).toBe('metrics.csv');
  const m = parseCsv(metrics.bytes.toString('utf8'));
  expect(m[0].slice(0, 4)).toEqual(['key', 'metric', a, 'B']);
  expect(m[0]).toEqual(expect.arrayContaining(['favoured', 'admissible', 'equivalent_utility_matrix']));
  const col = (name) => m[0].indexOf(name);
  const byKey = Object.fromEntries(m.slice(1).map((r) => [r[0], r]));
  for (const [key, va, vb, favoured] of TABLE_1) {
    expect(Number(byKey[key][2]).toFixed(2), key).toBe(va);
    expect(Number(byKey[key][3]).toFixed(2), key).toBe(vb);
    expect(byKey[key][col('favoured')], key).toBe(favoured === 'A' ? a : 'B');
  }
  expect(byKey.accuracy[col('admissible')]).toBe('yes');
  expect(byKey.accuracy[col('equivalent_utility_matrix')]).toBe('1,0;0,1');
  expect(byKey.f1[col('admissible')]).toBe('no');
  for (const r of m) expect(r.length, r.join('|')).toBe(m[0].length);
  expect(log.errors).toEqual([]);
});

test('the state saves as JSON, and opening that file restores it', async ({ page }) => {
  const log = await open(page, `${FACTORY}&prev=0.9,0.1`);
  await page.getByTestId('classifier-name-0').fill('Saved');
  await expectValue(yieldOf(page, 'Saved'), 3.5);
  // The address follows edits within a moment (it is not rewritten on every keystroke).
  await expect.poll(() => fragment(page)).toContain('cm.Saved=');
  const saved = await fragment(page);

  const json = await download(page, page.getByTestId('export-json'));
  expect(json.name).toBe('utility-lab-state.json');
  const doc = JSON.parse(json.bytes.toString('utf8'));
  expect(JSON.stringify(doc)).toContain('Saved');
  expect(JSON.stringify(doc)).toContain('short');

  // Change things, then open the file.
  await page.getByTestId('presets').selectOption('medical');
  await expectValue(yieldOf(page, 'A'), 338.5);
  await expect(yieldOf(page, 'Saved')).toHaveCount(0);
  await page.getByTestId('import-json').setInputFiles(json.file);
  await expect(page.getByTestId('share-status')).toContainText('Opened');
  await expectValue(yieldOf(page, 'Saved'), 3.5);
  await expectValue(yieldOf(page, 'B'), -3.5);
  await expectValue(page.getByTestId('deployment-yield-B'), 5.7);
  await expect(page.getByTestId('class-name-0')).toHaveValue('long');
  await expect.poll(() => fragment(page)).toBe(saved);

  // A file that is not a state: explained, nothing changed.
  await page.getByTestId('import-json').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"foo": 1}'),
  });
  await expect(page.getByTestId('share-status')).toContainText('other.json was not opened, nothing was changed');
  await expect(page.getByTestId('share-status')).toHaveClass(/is-error/);
  await expectValue(yieldOf(page, 'Saved'), 3.5);
  expect(await fragment(page)).toBe(saved);
  expect(log.errors).toEqual([]);
});

test('a broken link opens with a notice of what was ignored, and never blank', async ({ page }) => {
  const log = await open(page, 'view=compare&cm.=1,0;0,1&zzz=1&classes=a');
  const notices = page.getByTestId('link-notices');
  await expect(notices).toBeVisible();
  await expect(notices).toContainText('could not be used; everything else was applied');
  const keys = await page.getByTestId('link-notice').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-key')));
  expect(keys).toEqual(expect.arrayContaining(['cm.', 'zzz', 'classes']));
  await expect(page.locator('[data-testid="link-notice"][data-key="zzz"]')).toContainText('unknown key');
  await expect(page.locator('[data-testid="link-notice"][data-key="cm."]')).toContainText('ignored');
  // Nothing in this link could be read: not a blank page, but the factory example, said so.
  await expect(page.locator('[data-testid="link-notice"][data-key="link"]')).toContainText(
    'showing the factory example',
  );
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expectValue(yieldOf(page, 'B'), -3.5);
  await expect(page.getByTestId('metrics')).toBeVisible();
  // A new classifier is not ranked until its counts are typed and it is added.
  await page.getByTestId('add-classifier').click();
  await expect(page.getByTestId('new-classifier')).toBeVisible();
  await expect(page.getByTestId('yields-table').locator('tbody').first().locator('tr')).toHaveCount(2);
  await page.getByTestId('dismiss-notices').click();
  await expect(notices).toHaveCount(0);

  // The same broken parts with a utility matrix that cannot be read, beside a good
  // classifier: it is applied, but nothing is ranked under the stand-in utilities, and the
  // page says so (issue 28).
  await page.goto('/#view=compare&u=1,2;3&cm.A=x&cm.B=43,18;7,32&zzz=1');
  await expect(page.getByTestId('link-notices')).toBeVisible();
  await expect(page.getByTestId('link-notice')).toHaveCount(3);
  await expect(page.getByTestId('unread')).toContainText('u=1,2;3 could not be read');
  await expect(page.getByTestId('unread')).toContainText("The link's classifier A, cm.A=x, could not be read");
  await expect(page.getByTestId('rank-B')).toHaveCount(0);
  expect(log.errors).toEqual([]);
});

test('an unknown view and a garbage fragment open the Compare view with a notice', async ({ page, context }) => {
  const log = await open(page, `${NEUTRAL.replace('view=compare', 'view=nonsense')}`);
  await expect(page.locator('[data-testid="link-notice"][data-key="view"]')).toContainText("unknown view 'nonsense'");
  await expect(page.getByTestId('link-notice')).toHaveCount(1);
  await expectValue(yieldOf(page, 'X'), (2 * 5 + 5) / 12);
  await expect.poll(() => fragment(page)).toContain('view=compare');

  // Garbage, followed from that page (a hash change) and opened in a new page: the default
  // example, and a notice for each part that was ignored.
  await page.goto('/#%%%&&==');
  const other = await context.newPage();
  await other.goto('/#%%%&&==');
  for (const p of [page, other]) {
    await expect(p.getByTestId('link-notices')).toBeVisible();
    const notices = p.getByTestId('link-notice');
    expect(await notices.count()).toBeGreaterThan(0);
    for (const text of await notices.allTextContents()) expect(text).toMatch(/ignored/);
    for (const key of await notices.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-key')))) {
      expect(key, 'every notice names what it is about').not.toBe('');
    }
    await expect(notices.first()).toContainText('%%%');
    await expectValue(yieldOf(p, 'A'), 3.5);
    await expect(yieldOf(p, 'X')).toHaveCount(0);
    await expect(p.getByTestId('metric-table')).toBeVisible();
  }
  expect(log.errors).toEqual([]);
});

// The admissible metrics (eq. 17 of Dyrland et al. 2022) and their equivalent utility matrices, as shown.
const ADMISSIBLE = {
  utility_yield: [['15', `${MINUS}335`], [`${MINUS}35`, '165']],
  accuracy: [['1', '0'], ['0', '1']],
  recall: [['1', '0'], ['0', '0']],
  specificity: [['0', '0'], ['0', '1']],
  net_benefit: [['1', `${MINUS}0.25`], ['0', '0']],
};
const INADMISSIBLE = ['balanced_accuracy', 'precision', 'npv', 'f1', 'mcc', 'fowlkes_mallows', 'kappa', 'preference_driven'];

test('each metric is marked admissible or not, with its utility matrix on hover and click', async ({ page }) => {
  const log = await open(page);
  const groups = page.getByTestId('metric-table').locator('tbody.metric-group');
  const keys = await groups.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-testid').replace('metric-row-', '')));
  expect(keys.sort()).toEqual([...Object.keys(ADMISSIBLE), ...INADMISSIBLE].sort());

  for (const key of keys) {
    const mark = page.getByTestId(`adm-${key}`);
    const detail = page.getByTestId(`adm-detail-${key}`);
    await expect(mark, key).toContainText(key in ADMISSIBLE ? '✓ admissible' : '✗ inadmissible');
    await expect(detail, key).toBeHidden();
    // On hover: the tooltip says it.
    const title = await mark.getAttribute('title');
    if (key in ADMISSIBLE && key !== 'utility_yield') {
      expect(title, key).toMatch(/^Admissible: ranks classifiers like the utility yield of \[\[/);
      const flat = ADMISSIBLE[key].map((r) => `[${r.join(', ')}]`).join(', ');
      expect(title, key).toContain(`[${flat}]`);
    } else if (key === 'utility_yield') {
      expect(title).toContain('utility yield');
    } else {
      expect(title, key).toMatch(/^Inadmissible: /);
    }
    // On click: the formula and the matrix (or the reason).
    await mark.click();
    await expect(mark).toHaveAttribute('aria-expanded', 'true');
    await expect(detail, key).toBeVisible();
    await expect(detail, key).toContainText('Formula:');
    if (key in ADMISSIBLE) {
      const table = page.getByTestId(`adm-matrix-${key}`);
      await expect(table, key).toBeVisible();
      await expect(table.locator('.matrix-axes')).toHaveText('output ↓ / true →');
      const cells = await table.locator('tbody tr').evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())),
      );
      expect(cells, key).toEqual(ADMISSIBLE[key]);
    } else {
      await expect(page.getByTestId(`adm-reason-${key}`), key).toContainText('Not admissible');
    }
    // Escape closes it again.
    await mark.press('Escape');
    await expect(detail, key).toBeHidden();
  }

  // Net benefit's matrix follows its threshold: p_t = 0.5 → [[1, −1], [0, 0]].
  await page.getByTestId('net-benefit-threshold').fill('0.5');
  await page.getByTestId('adm-net_benefit').click();
  await expect(page.getByTestId('adm-matrix-net_benefit').locator('tbody tr').first().locator('td')).toHaveText(['1', `${MINUS}1`]);
  expect(log.errors).toEqual([]);
});

test('deployment shares: rankings under the test set and the deployment side by side', async ({ page }) => {
  const log = await open(page);
  await expect(page.getByTestId('deployment-yield-A')).toHaveCount(0);
  await page.getByTestId('deployment-toggle').check();
  await page.getByTestId('share-0').fill('90');
  await page.getByTestId('share-1').fill('10');
  // C′ = C · π_j / f_j with f = (½, ½), π = (0.9, 0.1): A yields −5.7, B 5.7 per item.
  await expectValue(page.getByTestId('deployment-yield-A'), -5.7);
  await expectValue(page.getByTestId('deployment-yield-B'), 5.7);
  await expect.poll(() => fragment(page)).toContain('prev=0.9,0.1');

  // Both columns and both rankings.
  const table = page.getByTestId('yields-table');
  await expect(table.locator('thead .group-row th')).toHaveText(['Test set', 'Deployment']);
  await expect(table.locator('thead tr').last().locator('th')).toHaveText(['Rank', 'Classifier', 'Per item', 'Total, 100 items', 'Per item', 'Rank']);
  await expectValue(yieldOf(page, 'A'), 3.5);
  await expect(page.getByTestId('rank-A')).toContainText('1');
  await expect(page.getByTestId('rank-B')).toHaveText('2');
  await expect(page.getByTestId('deployment-rank-A')).toHaveText('2');
  await expect(page.getByTestId('deployment-rank-B')).toHaveText('1');
  await expectValue(page.getByTestId('deployment-trivial-long'), 0.9 * 15 + 0.1 * -335);
  await expectValue(page.getByTestId('deployment-trivial-short'), 0.9 * -35 + 0.1 * 165);

  // The verdict is on the deployment, and says that the test set ranks otherwise.
  await expect(page.getByTestId('verdict-headline')).toContainText('B');
  await expect(page.getByTestId('verdict-details')).toContainText(
    "On the test set's class shares the ranking is different: A comes first there",
  );

  // The metric table under either set of shares: first the deployment's, those the verdict
  // speaks of, and the switch shows which is chosen (issue 28, item 4).
  await expect(page.getByTestId('metrics-scenario')).toBeVisible();
  await expect(page.getByTestId('metrics-scenario-deployment')).toBeChecked();
  const look = (id) =>
    page.getByTestId(id).locator('xpath=following-sibling::span').evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await look('metrics-scenario-deployment')).not.toBe(await look('metrics-scenario-test'));
  await expect(page.getByTestId('metrics-deployment-note')).toBeVisible();
  await expectValue(metricCell(page, 'accuracy', 'A'), 0.9 * 0.54 + 0.1 * 0.7);
  await page.getByTestId('metrics-scenario-test').check();
  await expect(metricCell(page, 'accuracy', 'A').locator('.v')).toHaveText('0.62');
  const testLook = await look('metrics-scenario-test');
  expect(testLook).not.toBe(await look('metrics-scenario-deployment'));
  await page.getByTestId('metrics-scenario-deployment').check();
  await expect(page.getByTestId('metrics-deployment-note')).toBeVisible();
  await expectValue(metricCell(page, 'accuracy', 'A'), 0.9 * 0.54 + 0.1 * 0.7);
  await expectValue(metricCell(page, 'accuracy', 'B'), 0.9 * 0.86 + 0.1 * 0.64);
  await expect(metricCell(page, 'utility_yield', 'B')).toHaveClass(/is-favoured/);
  await expect(metricCell(page, 'recall', 'A').locator('.v')).toHaveText('0.54');

  // Both rankings in the exported CSVs.
  const y = parseCsv((await download(page, page.getByTestId('export-yields-csv'))).bytes.toString('utf8'));
  expect(y[0]).toEqual(['kind', 'rank', 'name', 'yield_per_item', 'total_test_set', 'deployment_yield_per_item', 'deployment_rank']);
  const rowOf = (name) => y.find((r) => r[2] === name);
  expect(rowOf('A')[1]).toBe('1');
  expect(rowOf('A')[6]).toBe('2');
  expect(Number(rowOf('B')[5])).toBeCloseTo(5.7, 9);
  const metrics = await download(page, page.getByTestId('export-metrics-csv'));
  expect(metrics.name).toBe('metrics-deployment.csv');
  const m = parseCsv(metrics.bytes.toString('utf8'));
  expect(Number(m.find((r) => r[0] === 'accuracy')[3])).toBeCloseTo(0.838, 9);

  // Back to the test set.
  await page.getByTestId('metrics-scenario-test').check();
  await expect(metricCell(page, 'accuracy', 'A').locator('.v')).toHaveText('0.62');
  expect(log.errors).toEqual([]);
});
