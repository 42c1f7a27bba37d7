// The Utility space view: fig. 1 of Dyrland et al. 2022 as an instrument. The hand-typed factory
// link shows the matrix as typed, normalized (eq. 12) and its point (eq. 13); the arrow keys and
// a drag move the point and, on release, the app's utility matrix (the link's `u` and the
// Compare view's yields); the regions repaint when a confusion matrix changes; the guided
// assessment builds the matrix its answers imply; three classes show the slice controls; bad
// keys give notices and the page; hostile names stay text; exports download; embed; 375 px.
import { test, expect } from './fixtures.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINUS, expectCleanLog } from './helpers.mjs';

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screenshots');
const FACTORY = 'view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32';

/** Opens `#fragment` and records what would make the page fail quietly. */
async function openSpace(page, fragment, { colorScheme } = {}) {
  const log = { consoleErrors: [], pageErrors: [], requests: [], badResponses: [], failed: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.context().on('request', (request) => log.requests.push(request.url()));
  page.context().on('requestfailed', (r) => log.failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.context().on('response', (r) => {
    if (r.status() >= 400) log.badResponses.push(`${r.status()} ${r.url()}`);
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('view-space')).toBeVisible();
  return log;
}

const clean = (page, log) => expectCleanLog(log, new URL(page.url()).origin, '/');

/** A key of the page's link fragment. */
async function linkValue(page, key) {
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  return params.get(key);
}

/**
 * The page coordinates of the hexagon's point (x, y): the frame of crates/plot/src/space/frame.rs
 * (a square side min(w − 52, 560), 40 px left for the axis, centred, 10 px from the top, over
 * [−1.1, 1.1]²) on the canvas's bounding box.
 */
async function hexPixel(page, x, y) {
  // The mouse acts in the viewport: bring the whole diagram into it first.
  const canvas = page.getByTestId('space-plot').locator('canvas');
  await canvas.evaluate((c) => c.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  const w = box.width;
  const side = Math.min(Math.max(w - 52, 60), 560);
  const left = 40 + Math.max(w - 52 - side, 0) / 2;
  return {
    x: box.x + left + ((x + 1.1) / 2.2) * side,
    y: box.y + 10 + ((1.1 - y) / 2.2) * side,
  };
}

test('the hand-typed factory link shows the matrix as typed, normalized and its point', async ({ page }) => {
  const log = await openSpace(page, FACTORY);
  await expect(page.getByTestId('space-u')).toHaveText('15,-335;-35,165');
  await expect(page.getByTestId('space-typed-table').locator('tbody td')).toHaveText([
    '15',
    `${MINUS}335`,
    `${MINUS}35`,
    '165',
  ]);
  await expect(page.getByTestId('space-normalized')).toHaveText('0.7, 0; 0.6, 1');
  await expect(page.getByTestId('space-xy')).toHaveText(`(0.3, ${MINUS}0.6)`);
  // A earns 3.5 per item, B loses 3.5 (Dyrland et al. 2022, §0); A stays best unless …
  // … and deciding "short" for every component beats both: every view says it (issue 28).
  await expect(page.getByTestId('space-headline')).toHaveText(
    `A yields the most here: 3.5 per item; next best: B, ${MINUS}3.5. Deciding '1' for every item, without any classifier, would yield 65 per item — more than every classifier here.`,
  );
  await expect(page.getByTestId('space-sentence')).toContainText('A stays best unless');
  await expect(page.getByTestId('space-sentence')).toContainText('43.75');
  await expect(page.getByTestId('space-yields').locator('tbody tr.is-best th')).toHaveText('A');
  await expect(page.getByTestId('link-notices')).toHaveCount(0);
  // The view is in the menu, and its entry is the current one.
  await expect(page.locator('.view-nav-item[data-view="space"]')).toHaveAttribute('aria-current', 'page');
  clean(page, log);
});

test('the arrow keys move the point and change u in the link and the Compare view’s yields', async ({ page }) => {
  const log = await openSpace(page, FACTORY);
  await page.getByTestId('space-diagram').focus();
  await page.keyboard.press('ArrowUp');
  // (0.3, −0.59) is [[0.7, 0], [0.59, 1]] normalized, [[15, −335], [−40, 165]] on the factory's scale.
  await expect(page.getByTestId('space-xy')).toHaveText(`(0.3, ${MINUS}0.59)`);
  await expect.poll(() => linkValue(page, 'u')).toBe('15,-335;-40,165');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => linkValue(page, 'u')).toBe('15,-335;-35,165');
  await page.keyboard.press('ArrowLeft');
  // (0.29, −0.6): N00 = 0.71 → U00 = −335 + 500·0.71 = 20.
  await expect.poll(() => linkValue(page, 'u')).toBe('20,-335;-35,165');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => linkValue(page, 'u')).toBe('20,-335;-40,165');
  // The Compare view's yields follow: A = 0.27·20 − 0.15·335 − 0.23·40 + 0.35·165 = 3.7,
  // B = 0.43·20 − 0.18·335 − 0.07·40 + 0.32·165 = −1.7.
  await page.locator('.view-nav-item[data-view="compare"]').click();
  await expect(page.getByTestId('yield-A')).toContainText('3.7');
  await expect(page.getByTestId('yield-B')).toContainText(`${MINUS}1.7`);
  clean(page, log);
});

test('dragging the point into B’s region makes B best, and the link opens that state', async ({ page, context }) => {
  const log = await openSpace(page, FACTORY);
  const from = await hexPixel(page, 0.3, -0.6);
  const to = await hexPixel(page, 0, 0);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  }
  // While dragging the panel follows, the link does not change yet.
  await expect(page.getByTestId('space-headline')).toContainText('B yields the most here');
  expect(await linkValue(page, 'u')).toBe('15,-335;-35,165');
  await page.mouse.up();
  // Near the centre (to the pixel): accuracy's matrix on the factory's scale, give or take.
  await expect.poll(() => linkValue(page, 'u')).not.toBe('15,-335;-35,165');
  const u = await linkValue(page, 'u');
  const cells = u.split(/[;,]/).map(Number);
  expect(Math.abs(cells[0] - 165)).toBeLessThan(5);
  expect(Math.abs(cells[3] - 165)).toBeLessThan(5);
  await expect(page.getByTestId('space-u')).toHaveText(u);
  await expect(page.getByTestId('space-sentence')).toContainText('B stays best unless');
  // The link opens the same state elsewhere.
  const other = await context.newPage();
  await other.goto(`/${new URL(page.url()).hash}`);
  await expect(other.getByTestId('space-headline')).toContainText('B yields the most here');
  await expect(other.getByTestId('space-u')).toHaveText(u);
  // A click elsewhere moves the point there too: near (0.5, −0.25), in A's region again? The
  // panel says where it is.
  const corner = await hexPixel(page, 0.5, -0.25);
  await page.mouse.click(corner.x, corner.y);
  await expect(page.getByTestId('space-xy')).toHaveText(/^\(0\.(49|5)\d*, \u22120\.(24|25)\d*\)$/);
  clean(page, log);
});

test('drag latency with five classifiers (printed, not asserted)', async ({ page }) => {
  const five =
    'view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&cm.C=30,10;20,40' +
    '&cm.D=45,25;5,25&cm.E=35,12;15,38';
  const log = await openSpace(page, five);
  await expect(page.getByTestId('space-yields').locator('tbody tr')).toHaveCount(5);
  // Each step: a pointer move on the canvas, then the next animation frame after the redraw.
  const times = await page.evaluate(async () => {
    const div = document.querySelector('[data-testid="space-diagram"]');
    const canvas = div.querySelector('canvas');
    const r = canvas.getBoundingClientRect();
    const side = Math.min(Math.max(r.width - 52, 60), 560);
    const left = r.left + 40 + Math.max(r.width - 52 - side, 0) / 2;
    const px = (x, y) => [left + ((x + 1.1) / 2.2) * side, r.top + 10 + ((1.1 - y) / 2.2) * side];
    const fire = (type, [cx, cy]) =>
      div.dispatchEvent(
        new PointerEvent(type, { clientX: cx, clientY: cy, bubbles: true, pointerId: 1, button: 0, isPrimary: true }),
      );
    const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
    fire('pointerdown', px(0.3, -0.6));
    await frame();
    const out = [];
    for (let i = 0; i < 60; i++) {
      const t = i / 59;
      const t0 = performance.now();
      fire('pointermove', px(0.3 - 0.8 * t, -0.6 + 0.9 * t));
      await new Promise((res) => setTimeout(res, 0));
      out.push(performance.now() - t0);
      await frame();
    }
    fire('pointerup', px(-0.5, 0.3));
    return out;
  });
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(`drag with 5 classifiers: pointer move → redrawn in median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  await expect.poll(() => linkValue(page, 'u')).not.toBe('15,-335;-35,165');
  clean(page, log);
});

test('the regions repaint when a confusion matrix changes', async ({ page }) => {
  const log = await openSpace(page, FACTORY);
  const shares = page.getByTestId('space-yields').locator('tbody td:nth-child(3)');
  const before = await shares.allTextContents();
  const canvas = page.getByTestId('space-plot').locator('canvas');
  const pixels = () => canvas.evaluate((c) => c.toDataURL());
  const image = await pixels();
  // B becomes much better: it wins everywhere but near the true-positive rate's corner.
  await page.evaluate(() => {
    location.hash = 'view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=48,2;2,48';
  });
  await expect.poll(() => shares.allTextContents()).not.toEqual(before);
  await expect(page.getByTestId('space-headline')).toContainText('B yields the most here');
  await expect.poll(pixels).not.toBe(image);
  clean(page, log);
});

test('the guided assessment produces the matrix its answers imply', async ({ page }) => {
  const log = await openSpace(page, FACTORY);
  await page.getByTestId('space-assess').locator('summary').click();
  // Prefilled with the answers the factory matrix implies: a missed "0" costs 0.1 false alarms
  // ((15 + 35)/500), and a right "0" is worth 0.3 false alarms less than a right "1".
  await expect(page.getByTestId('space-ask-c10')).toHaveValue('0.1');
  await expect(page.getByTestId('space-ask-l0')).toHaveValue('-0.3');
  await expect(page.getByTestId('space-ask-matrix')).toHaveText('0.7,0;0.6,1');
  // Equal costs and levels: accuracy's matrix.
  await page.getByTestId('space-ask-c10').fill('1');
  await page.getByTestId('space-ask-l0').fill('0');
  await expect(page.getByTestId('space-ask-matrix')).toHaveText('1,0;0,1');
  await page.getByTestId('space-ask-apply').click();
  await expect.poll(() => linkValue(page, 'u')).toBe('1,0;0,1');
  await expect.poll(() => linkValue(page, 'uask')).toBe('c10:1,l0:0');
  await expect(page.getByTestId('space-xy')).toHaveText('(0, 0)');
  // A range: a cloud from it, and a σ for the reliability view.
  await page.getByTestId('space-ask-c10').fill('2 to 5');
  await expect(page.getByTestId('space-ask-preview')).toContainText('σ ≈');
  await page.getByTestId('space-ask-cloud').click();
  await expect(page.getByTestId('space-cloud-summary')).toContainText('3 candidates');
  await expect.poll(() => linkValue(page, 'ucloud')).not.toBeNull();
  // A bad answer is explained under its field.
  await page.getByTestId('space-ask-c10').fill('-2');
  const fieldError = page.getByTestId('space-assess').locator('.field-error').first();
  await expect(fieldError).toContainText('cannot cost less than nothing');
  await expect(fieldError).not.toContainText('c10'); // the link's id is not a name (issue 28)
  clean(page, log);
});

test('a three-class problem shows the slice controls', async ({ page }) => {
  const log = await openSpace(
    page,
    'view=space&u=1,0,0;0,1,0;0,0,1&cm.P=40,2,9;6,10,1;3,1,20&cm.Q=30,1,1;12,12,2;7,0,27',
  );
  await expect(page.getByTestId('space-slice')).toBeVisible();
  await expect(page.getByTestId('space-slice')).toContainText('no flat picture');
  await expect(page.getByTestId('space-slice-x').locator('option')).toHaveCount(9);
  await expect(page.getByTestId('space-normalized')).toHaveCount(0);
  await page.getByTestId('space-slice-x').selectOption('2,2');
  await expect.poll(() => linkValue(page, 'uslice')).toBe('2,2,0,2;1,0,-1,1');
  // The arrow keys move along the slice: U22 + 0.02.
  await page.getByTestId('space-diagram').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => linkValue(page, 'u')).toBe('1,0,0;0,1,0;0,0,1.02');
  clean(page, log);
});

test('broken keys give a notice and the page', async ({ page }) => {
  const log = await openSpace(page, `${FACTORY}&usigma=7&ucloud=1,0;0,x&uslice=zz&colour=red`);
  const notices = page.getByTestId('link-notices');
  await expect(notices).toBeVisible();
  for (const key of ['usigma', 'ucloud', 'uslice', 'colour']) {
    await expect(notices.locator(`[data-key="${key}"]`)).toHaveCount(1);
  }
  await expect(page.getByTestId('space-xy')).toHaveText(`(0.3, ${MINUS}0.6)`);
  clean(page, log);
});

test('hostile names stay text', async ({ page }) => {
  const name = '<img src=x onerror=alert(1)>';
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    d.dismiss();
  });
  const log = await openSpace(
    page,
    `view=space&u=15,-335;-35,165&cm.${encodeURIComponent(name)}=27,15;23,35&cm.B=43,18;7,32&classes=${encodeURIComponent(name)},b`,
  );
  await expect(page.getByTestId('space-yields').locator('tbody th').first()).toHaveText(name);
  await expect(page.getByTestId('space-sentence')).toContainText(name);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toBe(0);
  clean(page, log);
});

test('the diagram, the winner grid and the cloud download', async ({ page }) => {
  const log = await openSpace(page, `${FACTORY}&ucloud=xy&usigma=0.1&upoints=200`);
  await expect(page.getByTestId('space-cloud-summary')).toContainText('200 candidates');
  await expect(page.getByTestId('space-cloud-summary')).toContainText('not at the centre of the cloud');
  for (const [id, file] of [
    ['export-png', 'utility-space.png'],
    ['export-svg', 'utility-space.svg'],
    ['space-grid-csv', 'winner-grid.csv'],
    ['space-cloud-csv', 'utility-cloud.csv'],
  ]) {
    const button = id.startsWith('export') ? page.getByTestId('space-plot').getByTestId(id) : page.getByTestId(id);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(file);
    if (file === 'winner-grid.csv') {
      const text = await (await download.createReadStream()).toArray();
      const lines = Buffer.concat(text).toString('utf8').trim().split('\n');
      expect(lines[0]).toBe('x,y,best,yield A,yield B');
    }
  }
  // The overlays of figs. 4 and 5.
  await page.getByTestId('space-overlay').selectOption('gaussian');
  await expect.poll(() => linkValue(page, 'uoverlay')).toBe('gaussian');
  clean(page, log);
});

test('embedded at 375 px: the view alone, no horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const log = await openSpace(page, `${FACTORY}&embed=1`);
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect(page.getByTestId('app-title')).toHaveCount(0);
  await expect(page.getByTestId('space-xy')).toHaveText(`(0.3, ${MINUS}0.6)`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  clean(page, log);
});

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshot at ${width} px, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      const log = await openSpace(page, `${FACTORY}&ucloud=xy&classes=long,short`, { colorScheme });
      await expect(page.getByTestId('space-cloud-summary')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `space-${width}-${colorScheme}.png`), fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      clean(page, log);
    });
  }
}
