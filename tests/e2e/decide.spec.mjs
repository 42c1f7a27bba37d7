// The Decide view: the optimal action, not the most probable class (Dyrland et al. (draft);
// Porta Mana, course notes).
//
// * From the menu and from hand-typed links (#view=decide&…).
// * The lottery link picks "buy" (Ū = 1.2 against 0) although "lose" is more probable.
// * Moving one slider keeps the sum at 1 and updates the link's p; typed values too.
// * Adding a "refer" decision updates the expected utilities and the optimal choice.
// * The factory: the lines cross at p(long) = 500/550; classifier A remapped yields 65 per
//   item against 3.5 raw; fractions ask for a test-set size when α > 0.
// * Bad p in a link (negative, not summing to 1, wrong length): a notice and a usable page.
// * Hostile names are text; exports download; embed; 375 px without horizontal scroll;
//   screenshots at 375 and 1280 px, light and dark, for a person to look at.
import { test, expect } from './fixtures.mjs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINUS, expectCleanLog } from './helpers.mjs';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screenshots');
const LOTTERY = 'view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8';
const FACTORY_A = 'view=decide&u=15,-335;-35,165&cm.A=27,15;23,35&classes=long,short&alpha=0&p=0.5,0.5';

/** Opens `#fragment` on a fresh document and records what would make the page fail quietly. */
async function open(page, fragment, { colorScheme, view = 'view-decide' } = {}) {
  const log = { consoleErrors: [], pageErrors: [], requests: [], badResponses: [], failed: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.on('dialog', (d) => {
    log.pageErrors.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  page.context().on('request', (request) => log.requests.push(request.url()));
  page.context().on('requestfailed', (request) =>
    log.failed.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  page.context().on('response', (response) => {
    if (response.status() >= 400) log.badResponses.push(`${response.status()} ${response.url()}`);
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId(view)).toBeVisible();
  return log;
}

const clean = (page, log) => expectCleanLog(log, new URL(page.url()).origin, '/');

/** The link's value of `key`. */
function linkValue(page, key) {
  return new URLSearchParams(new URL(page.url()).hash.slice(1)).get(key);
}

const cell = (page, editor, r, c) =>
  page.getByTestId(editor).locator(`input[data-r="${r}"][data-c="${c}"]`);

/** Types `value` into `field` and commits it (Enter, then leaving the field). */
async function commit(field, value) {
  await field.fill(value);
  await field.press('Enter');
  await field.blur();
}

/** Clicks `button`, waits for the download it starts, and returns its name and text. */
async function download(page, button) {
  const [dl] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(await dl.failure(), `download of ${dl.suggestedFilename()}`).toBeNull();
  return { name: dl.suggestedFilename(), bytes: await fs.readFile(await dl.path()) };
}

test('the view is in the menu and keeps view=decide in the link', async ({ page }) => {
  const log = await open(page, 'view=compare', { view: 'view-compare' });
  await page.locator('a[data-view="decide"]').click();
  await expect(page.getByTestId('view-decide')).toBeVisible();
  await expect.poll(() => linkValue(page, 'view')).toBe('decide');
  // The factory's default state: equal probabilities, "short" is best at p(long) = 0.5.
  await expect(page.getByTestId('decide-optimal')).toHaveText('short');
  clean(page, log);
});

test('the lottery link picks "buy" (1.2 > 0) although "lose" is more probable', async ({ page }) => {
  const log = await open(page, LOTTERY);
  await expect(page.getByTestId('eu-0')).toHaveText('1.2');
  await expect(page.getByTestId('eu-1')).toHaveText('0');
  await expect(page.getByTestId('decide-optimal')).toHaveText('buy');
  await expect(page.getByTestId('decide-most-probable')).toHaveText('lose');
  await expect(page.getByTestId('decide-headline')).toContainText(
    'Decide buy (expected utility 1.2) although lose is the more probable class (0.8)',
  );
  await expect(page.getByTestId('decide-detail')).toContainText(`10 × 0.2 ${MINUS} 1 × 0.8 = 1.2`);
  await expect(page.getByTestId('decide-verdict')).toHaveClass(/differs/);
  await expect(page.getByTestId('decide-bars').locator('canvas')).toBeVisible();
  // Two classes: the lines and the flip point, p(win) = 1/11.
  await expect(page.getByTestId('decide-lines').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('decide-flips')).toContainText('1/11');
  clean(page, log);
});

test('moving a slider keeps the sum at 1 and updates p in the link', async ({ page }) => {
  const log = await open(page, LOTTERY);
  await page.getByTestId('prob-slider-0').fill('0.05');
  await expect(page.getByTestId('prob-field-0')).toHaveValue('0.05');
  await expect(page.getByTestId('prob-field-1')).toHaveValue('0.95');
  await expect(page.getByTestId('prob-sum')).toContainText('Sum: 1');
  await expect.poll(() => linkValue(page, 'p')).toBe('0.05,0.95');
  // Below 1/11, not buying is best: Ū(buy) = 0.5 − 0.95 = −0.45.
  await expect(page.getByTestId('decide-optimal')).toHaveText('not-buy');
  await expect(page.getByTestId('eu-0')).toHaveText(`${MINUS}0.45`);
  // The keyboard moves it too, and the sum stays 1.
  await page.getByTestId('prob-slider-1').focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => linkValue(page, 'p')).toBe('0.051,0.949');
  await expect(page.getByTestId('prob-sum')).toContainText('Sum: 1');
  // A typed value (a percentage), applied on change.
  await commit(page.getByTestId('prob-field-0'), '30 %');
  await expect.poll(() => linkValue(page, 'p')).toBe('0.3,0.7');
  await expect(page.getByTestId('eu-0')).toHaveText('2.3');
  // A bad typed value is explained and nothing changes.
  await commit(page.getByTestId('prob-field-1'), '1.5');
  await expect(page.getByTestId('prob-error')).toContainText('above 1');
  expect(linkValue(page, 'p')).toBe('0.3,0.7');
  clean(page, log);
});

test('adding a "refer" decision updates the chart and the optimal choice', async ({ page }) => {
  const log = await open(page, LOTTERY);
  await page.getByTestId('add-decision').click();
  const name = page.getByTestId('decision-name-2');
  await expect(name).toBeFocused();
  await name.fill('refer');
  await cell(page, 'decide-utility-editor', 2, 0).fill('5');
  await cell(page, 'decide-utility-editor', 2, 1).fill('5');
  await expect(page.getByTestId('eu-2')).toHaveText('5');
  await expect(page.getByTestId('decide-optimal')).toHaveText('refer');
  await expect.poll(() => linkValue(page, 'decisions')).toBe('buy,not-buy,refer');
  await expect.poll(() => linkValue(page, 'u')).toBe('10,-1;0,0;5,5');
  // Removing it gives "buy" back.
  await page.getByTestId('remove-decision-2').click();
  await expect(page.getByTestId('decide-optimal')).toHaveText('buy');
  clean(page, log);
});

test('the factory: the lines cross at 500/550; classifier A remapped yields 65 against 3.5', async ({ page }) => {
  const log = await open(page, FACTORY_A);
  await expect(page.getByTestId('decide-flips')).toContainText('short below, long from p(long) = 500/550');
  await expect(page.getByTestId('decide-rule')).toContainText('0.9091');
  await expect(page.getByTestId('remap-yield-0')).toHaveText('65');
  await expect(page.getByTestId('raw-yield-0')).toHaveText('3.5');
  await expect(page.getByTestId('remap-0-0')).toContainText('short');
  await expect(page.getByTestId('remap-0-1')).toContainText('short');
  await expect(page.getByTestId('decide-sentences-0')).toContainText(
    "Whatever A outputs, decide short: A adds nothing over deciding 'short' for every item, without any classifier.",
  );
  await expect(page.getByTestId('decide-posterior-0').locator('canvas')).toBeVisible();
  // The balance study: the deployment's decisions never lose.
  await page.getByTestId('decide-balance-study-0').locator('summary').click();
  await expect(page.getByTestId('balance-0-deployment')).toBeVisible();
  // Editing the counts updates the yields (always right on 50 + 50 items: 15·0.5 + 165·0.5 = 90).
  for (const [r, c, v] of [[0, 0, '50'], [0, 1, '0'], [1, 0, '0'], [1, 1, '50']]) {
    await cell(page, 'decide-cm-0', r, c).fill(v);
  }
  await expect(page.getByTestId('raw-yield-0')).toHaveText('90');
  await expect(page.getByTestId('remap-yield-0')).toHaveText('90');
  clean(page, log);
});

test('fractions need a test-set size when α > 0, never a pseudo-count on fractions', async ({ page }) => {
  const log = await open(page, 'view=decide&u=15,-335;-35,165&cm.A=0.27,0.15;0.23,0.35&classes=long,short');
  await expect(page.getByTestId('decide-clf-error-0')).toContainText('given as fractions');
  await commit(page.getByTestId('decide-n'), '100');
  await expect.poll(() => linkValue(page, 'n')).toBe('100');
  await expect(page.getByTestId('decide-clf-error-0')).toHaveCount(0);
  await expect(page.getByTestId('remap-yield-0')).toBeVisible();
  // α = 0: the fractions as they are, the paper's 65.
  await commit(page.getByTestId('decide-alpha'), '0');
  await expect.poll(() => linkValue(page, 'alpha')).toBe('0');
  await expect(page.getByTestId('remap-yield-0')).toHaveText('65');
  clean(page, log);
});

for (const [what, p, says] of [
  ['negative', '-0.2,1.2', 'negative'],
  ['not summing to 1', '0.2,0.9', 'sum to 1.1'],
  ['of the wrong length', '0.2,0.3,0.5', '3 probabilities for 2 classes'],
]) {
  test(`a p ${what} gives a notice and a usable page`, async ({ page }) => {
    const log = await open(page, `view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=${p}`);
    const notice = page.locator('[data-testid="link-notice"][data-key="p"]');
    await expect(notice).toContainText(says);
    // Equal probabilities instead: Ū(buy) = 4.5.
    await expect(page.getByTestId('eu-0')).toHaveText('4.5');
    await page.getByTestId('prob-slider-0').fill('0.2');
    await expect(page.getByTestId('eu-0')).toHaveText('1.2');
    await expect.poll(() => linkValue(page, 'p')).toBe('0.2,0.8');
    clean(page, log);
  });
}

test('three classes: the probability triangle with an "ask" decision', async ({ page }) => {
  const log = await open(
    page,
    'view=decide&u=1,0,0;0,1,0;0,0,1;0.6,0.6,0.6&classes=a,b,c&decisions=a,b,c,ask&p=0.5,0.3,0.2',
  );
  await expect(page.getByTestId('decide-simplex').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('decide-optimal')).toHaveText('ask');
  await expect(page.getByTestId('decide-most-probable')).toHaveText('a');
  await page.getByTestId('prob-slider-0').fill('0.7');
  await expect(page.getByTestId('decide-optimal')).toHaveText('a');
  await expect(page.getByTestId('prob-sum')).toContainText('Sum: 1');
  clean(page, log);
});

test('hostile names are shown as text', async ({ page }) => {
  const evil = '<img src=x onerror=alert(1)>';
  const log = await open(
    page,
    `view=decide&u=10,-1;0,0&decisions=${encodeURIComponent(evil)},no&classes=win,lose&p=0.2,0.8&cm.${encodeURIComponent(evil)}=40,10;10,40`,
  );
  await expect(page.getByTestId('decide-optimal')).toHaveText(evil);
  await expect(page.getByTestId('decide-clf-0').locator('h2')).toContainText(evil);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  clean(page, log);
});

test('exports: PNG and SVG of the plots, CSV of the tables', async ({ page }) => {
  const log = await open(page, FACTORY_A);
  const bars = page.getByTestId('decide-bars');
  const png = await download(page, bars.getByTestId('export-png'));
  expect(png.name).toBe('expected-utilities.png');
  expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
  const svg = await download(page, page.getByTestId('decide-lines').getByTestId('export-svg'));
  expect(svg.bytes.toString()).toContain('<svg');
  const eu = await download(page, page.getByTestId('export-eu-csv'));
  expect(eu.bytes.toString()).toContain('expected_utility,short,65,yes');
  const remap = await download(page, page.getByTestId('export-remap-csv-0'));
  expect(remap.name).toBe('A-remapped.csv');
  expect(remap.bytes.toString()).toContain('all,1,,,,,,,,,3.5,65');
  clean(page, log);
});

test('embed mode: the view alone, 375 px without horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const log = await open(page, `embed=1&${FACTORY_A}`);
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect(page.getByTestId('share-bar')).toHaveCount(0);
  await expect(page.getByTestId('remap-yield-0')).toHaveText('65');
  const href = await page.getByTestId('open-full-app').getAttribute('href');
  expect(href).toContain('view=decide');
  expect(href).not.toContain('embed');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  clean(page, log);
});

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshots at ${width} px, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      for (const [name, fragment] of [
        ['lottery', LOTTERY],
        ['factory-a', FACTORY_A],
        ['three', 'view=decide&u=1,0,0;0,1,0;0,0,1;0.6,0.6,0.6&classes=a,b,c&decisions=a,b,c,ask&p=0.5,0.3,0.2'],
      ]) {
        const log = await open(page, fragment, { colorScheme });
        await expect(page.getByTestId('decide-bars').locator('canvas')).toBeVisible();
        await page.screenshot({
          path: path.join(shots, `decide-${name}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
        clean(page, log);
      }
    });
  }
}
