// Every plot says what it shows, in words and numbers (issue 15, item 1):
//
// * each canvas has an accessible name (its role is img) and, under it, a "Table" disclosure
//   whose table holds the numbers it draws — built only when opened, and with every table open
//   axe-core finds no WCAG 2.1 A/AA violation in light or dark — and those numbers are
//   the ones the page states elsewhere (the Compare view's yields, the Decide view's expected
//   utilities, the ROC table's AUC, the Utility space's shares of the diagram, …);
// * a big scatter (figs 2–3, fig. 6) shows a summary, not thousands of rows;
// * every control is reached with Tab and shows a visible focus ring, in light and dark; the
//   Utility space's point and the Decide, p-d and ROC sliders move with the arrow keys;
// * with prefers-reduced-motion nothing moves (no transition, animation or smooth scroll).
import { test, expect } from './fixtures.mjs';
import { MINUS, wcagViolations } from './helpers.mjs';

const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const VIEWS = [
  ['compare', `view=compare&${FACTORY}`],
  ['space', `view=space&${FACTORY}&ucloud=xy&usigma=0.1`],
  ['reliability', 'view=reliability&pairs=20000'],
  ['roc', 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5'],
  ['decide', `view=decide&${FACTORY}&alpha=0`],
  ['decide3', 'view=decide&u=1,0,0;0,1,0;0,0,1&classes=a,b,c&p=0.2,0.3,0.5'],
  ['pd', 'view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows&kappa=0.5,0.2,0.3'],
  ['pd2', `view=pd&${FACTORY}`],
  ['probs', 'view=probs&sample=triage'],
  ['probs2', 'view=probs&sample=screening'],
];

/** A number as the page writes it ("−3.5", "62.5 %") → Number. */
const num = (s) => Number(String(s).replace(MINUS, '-').replace(/[\s\u202f%]/g, ''));

/** Opens `fragment` and waits for its view. */
async function open(page, fragment, { colorScheme = 'light', width = 1280 } = {}) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  // A fresh document each time (a goto that only changes the fragment would not load one).
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`/#${fragment}`);
  const view = fragment.match(/view=(\w+)/)[1];
  await expect(page.getByTestId(`view-${view}`)).toBeVisible();
  return errors;
}

/** Opens the "Table" disclosure of the plot `testid` and returns its cells, row by row. */
async function plotTable(page, testid) {
  const fig = page.getByTestId(testid);
  const details = fig.getByTestId('plot-table');
  // Closed, there is no table: nothing is built until asked for.
  if ((await details.getAttribute('open')) === null) {
    await expect(details.locator('table')).toHaveCount(0);
    await details.locator('summary').click();
  }
  await expect(details.locator('table')).toBeVisible();
  return details.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => [...r.children].map((c) => c.textContent.trim())),
  );
}

/** The accessible name of the canvas of the plot `testid`. */
const canvasName = (page, testid) => page.getByTestId(testid).locator('canvas').getAttribute('aria-label');

for (const [name, fragment] of VIEWS) {
  test(`${name}: every plot has a name and a table with rows`, async ({ page }) => {
    const errors = await open(page, fragment);
    if (name === 'reliability') {
      await expect(page.getByTestId('figs23-status')).toHaveAttribute('data-state', 'done');
    }
    if (name.startsWith('probs')) {
      // Every plot is on the page: the bootstrap's comes last.
      await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    }
    const figures = page.locator('figure.plot');
    await expect(figures.first()).toBeVisible();
    const n = await figures.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const fig = figures.nth(i);
      const canvas = fig.locator('canvas');
      await expect(canvas).toHaveAttribute('role', 'img');
      expect((await canvas.getAttribute('aria-label')).length).toBeGreaterThan(20);
      const details = fig.getByTestId('plot-table');
      await expect(details.locator('table')).toHaveCount(0);
      await details.locator('summary').click();
      const table = details.locator('table');
      await expect(table).toBeVisible();
      await expect(table.locator('caption')).not.toBeEmpty();
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
      // The table is a region that scrolls sideways and keyboard users can reach.
      await expect(details.locator('.table-scroll')).toHaveAttribute('tabindex', '0');
    }
    // With every table open, in both schemes: no WCAG 2.1 A/AA violation (axe-core).
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      const found = await wcagViolations(page);
      expect(found, colorScheme).toEqual([]);
    }
    // Closed again, the tables are gone.
    for (let i = 0; i < n; i++) {
      const details = figures.nth(i).getByTestId('plot-table');
      await details.locator('summary').click();
      await expect(details.locator('table')).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
}

test('Compare: the yield chart is named with the yields and its table is the yields table', async ({ page }) => {
  await open(page, `view=compare&${FACTORY}`);
  // Dyrland et al. 2022, §0: A yields 3.5 € per component, B −3.5; "always short" 65.
  expect(await canvasName(page, 'yields-chart')).toContain(`A 3.5, B ${MINUS}3.5`);
  expect(await canvasName(page, 'yields-chart')).toContain('always short 65');
  const rows = await plotTable(page, 'yields-chart');
  const byName = Object.fromEntries(rows.map((r) => [r[0], num(r[1])]));
  for (const who of ['A', 'B']) {
    expect(byName[who]).toBe(num(await page.getByTestId(`yield-${who}`).textContent()));
  }
  expect(byName['always long']).toBe(num(await page.getByTestId('trivial-long').textContent()));
  expect(byName['always short']).toBe(65);
  expect(byName).toEqual({ A: 3.5, B: -3.5, 'always long': -160, 'always short': 65 });
  // The open table follows an edit: A's first count 27 → 37, A yields 500/110 = 4.5455.
  await page.getByTestId('cm-editor-0').locator('input[data-r="0"][data-c="0"]').fill('37');
  await expect(page.getByTestId('yield-A')).toHaveText('4.5455');
  await expect
    .poll(async () => (await plotTable(page, 'yields-chart')).find((r) => r[0] === 'A')?.[1])
    .toBe('4.5455');
  expect(await canvasName(page, 'yields-chart')).toContain('A 4.5455, B');
});

test('Decide: the bars and lines tables state the expected utilities and the flip point', async ({ page }) => {
  await open(page, 'view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8');
  // The lottery (Dyrland et al. (draft)): buy 1.2, not-buy 0.
  const rows = await plotTable(page, 'decide-bars');
  expect(rows).toEqual([
    ['buy', '1.2', 'optimal'],
    ['not-buy', '0', 'goes with the most probable class, lose'],
  ]);
  expect(num(rows[0][1])).toBe(num(await page.getByTestId('eu-0').textContent()));
  expect(await canvasName(page, 'decide-bars')).toContain('buy 1.2 (optimal), not-buy 0');
  // The lines cross at p(win) = 1/11.
  expect(await canvasName(page, 'decide-lines')).toContain('flip points at p(win) = 0.0909');
  const lines = await plotTable(page, 'decide-lines');
  expect(lines[0]).toEqual(['buy', `${MINUS}1`, '10', '[0.0909, 1]']);
});

test('Decide: a remapped output is marked "(changed)", not by colour alone', async ({ page }) => {
  await open(page, `view=decide&${FACTORY}&alpha=0`);
  // The factory's A (Dyrland et al. 2022): both outputs are best answered "short".
  const changed = page.locator('.decide-remap tr.is-changed td.best-decision').first();
  expect(await changed.evaluate((td) => getComputedStyle(td, '::after').content)).toContain('(changed)');
  const rows = await plotTable(page, 'decide-posterior-0');
  expect(rows.map((r) => r.at(-1))).toEqual(['short (changed)', 'short']);
});

test('ROC: the picture is named with each AUC, its table matches the ROC table', async ({ page }) => {
  await open(page, 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5');
  const auc = await page.getByTestId('roc-row-0').getByTestId('roc-auc').textContent();
  expect(await canvasName(page, 'roc-plot')).toContain(`A: AUC ${auc}`);
  const rows = await plotTable(page, 'roc-plot');
  expect(rows[0][2]).toContain(`AUC ${auc}`);
  expect(rows[1][0]).toBe('B (best)');
  const thr = await plotTable(page, 'roc-threshold-plot');
  expect(thr.map((r) => r[0])).toEqual(['A', 'B (best)']);
});

test('Utility space: the regions table gives the shares the panel states', async ({ page }) => {
  await open(page, `view=space&${FACTORY}`);
  expect(await canvasName(page, 'space-plot')).toContain(`your matrix (0.3, ${MINUS}0.6) is in A's region`);
  const rows = await plotTable(page, 'space-plot');
  const shares = await page
    .getByTestId('space-yields')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent.trim(), tr.children[2].textContent.trim()]));
  for (const [who, share] of shares) {
    const row = rows.find((r) => r[0].startsWith(who));
    expect(row, who).toBeTruthy();
    expect(num(row[1])).toBeCloseTo(num(share), 1);
  }
  expect(rows.find((r) => r[0] === 'A (your matrix is here)')).toBeTruthy();
  // The best row of the panel's table is marked by more than its colour: a star.
  const star = await page
    .getByTestId('space-yields')
    .locator('tr.is-best th')
    .evaluate((th) => getComputedStyle(th, '::after').content);
  expect(star).toContain('★');
  expect(rows.find((r) => r[0] === 'your matrix')[2]).toBe(`(0.3, ${MINUS}0.6)`);
});

test('p-d: the winner map table shares the grid; the heatmap rows hold p-d', async ({ page }) => {
  await open(page, `view=pd&${FACTORY}`);
  const rows = await plotTable(page, 'pd-winners');
  expect(rows.map((r) => r[0])).toEqual(['A', 'B']);
  const note = await page.getByTestId('pd-winners').locator('.plot-table .hint').textContent();
  const ties = num(note.match(/Ties: ([\d.]+)/)[1]);
  const total = rows.reduce((s, r) => s + num(r[1]), 0);
  expect(total).toBeCloseTo(100, 0);
  expect(ties).toBeGreaterThanOrEqual(0);
  // κ = (0, 0): p-d is the macro recall, A 0.62 and B 0.75 (as the heatmap CSV).
  const heat = await plotTable(page, 'pd-heatmaps');
  expect(heat[0]).toEqual(['0', '0', '0.62', '0.75', 'B']);
});

test('Reliability: figs 2–3 show a summary of their thousands of points; fig. 6 after a run', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, 'view=reliability&pairs=20000');
  await expect(page.getByTestId('figs23-status')).toHaveAttribute('data-state', 'done');
  // One row per panel (8: the paper's), not one per point: 400 drawn of 5·10⁴ counted each.
  const rows = await plotTable(page, 'figs23-plot');
  expect(rows).toHaveLength(8);
  for (const r of rows) {
    expect(r[1]).toBe('400');
    expect(r[5]).toMatch(/of 5·10⁴ pairs mis-ranked$/);
  }
  await expect(page.getByTestId('figs23-plot').locator('.plot-table .hint')).toContainText('summary');
  // The accuracy · identity panel: nothing mis-ranked (accuracy is that matrix's yield).
  expect(rows[0][0]).toBe('accuracy · U = [[1, 0], [0, 1]]');
  expect(rows[0][4]).toBe('0');
  await page.getByTestId('mc-run').click();
  await expect(page.getByTestId('mc-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const fig6 = await plotTable(page, 'fig6-plot');
  for (const r of fig6) expect(r[1]).toBe('1000');
  const acc = fig6.find((r) => r[0] === 'accuracy');
  const pct = await page.getByTestId('mis-accuracy').getAttribute('data-value');
  expect(num(acc[5].match(/^([\d.]+)/)[1])).toBeCloseTo(Number(pct), 1);
});

// ---------- Keyboard ----------

/** Presses Tab until `locator` has the focus (at most `max` times); fails if it never does. */
async function tabTo(page, locator, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('never reached with Tab');
}

/**
 * The focused element's focus ring: an outline at least 2 px wide whose colour has a contrast
 * of at least 3:1 with the page's background (WCAG 1.4.11), or a box-shadow ring.
 */
const focusRing = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const s = getComputedStyle(el);
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [lum(s.outlineColor), lum(getComputedStyle(document.body).backgroundColor)];
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && contrast >= 3;
    const shadow = s.boxShadow !== 'none';
    const within = el.matches(':focus-visible');
    return { tag: el.tagName, testid: el.dataset.testid ?? el.className, outline, shadow, within, contrast };
  });

for (const colorScheme of ['light', 'dark']) {
  test(`keyboard, ${colorScheme}: the draggable point is reached with Tab, ringed, and moved by arrows`, async ({ page }) => {
    await open(page, `view=space&${FACTORY}`, { colorScheme });
    const diagram = page.getByTestId('space-diagram');
    await tabTo(page, diagram);
    const ring = await focusRing(page);
    expect(ring.within && (ring.outline || ring.shadow), JSON.stringify(ring)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('space-xy')).toHaveText(`(0.31, ${MINUS}0.6)`);
    await page.keyboard.press('Shift+ArrowUp');
    await expect(page.getByTestId('space-xy')).toHaveText(`(0.31, ${MINUS}0.5)`);
  });

  test(`keyboard, ${colorScheme}: the Decide and p-d sliders are reached with Tab, ringed, and moved by arrows`, async ({ page }) => {
    await open(page, 'view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8', { colorScheme });
    const slider = page.getByTestId('prob-slider-0');
    await tabTo(page, slider);
    let ring = await focusRing(page);
    expect(ring.within && (ring.outline || ring.shadow), JSON.stringify(ring)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('prob-field-0')).toHaveValue('0.201');
    await expect(page.getByTestId('eu-0')).toHaveText('1.211');

    await open(page, 'view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows&kappa=0.5,0.2,0.3', { colorScheme });
    const kappa = page.locator('input[type="range"]').first();
    await tabTo(page, kappa);
    ring = await focusRing(page);
    expect(ring.within && (ring.outline || ring.shadow), JSON.stringify(ring)).toBe(true);
    const before = page.url();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.url()).not.toBe(before);
  });
}

for (const [name, fragment] of VIEWS.filter(([n]) => !n.endsWith('3') && !n.endsWith('2'))) {
  for (const colorScheme of ['light', 'dark']) {
    test(`keyboard, ${name}, ${colorScheme}: every Tab stop shows a focus ring`, async ({ page }) => {
      await open(page, fragment, { colorScheme });
      await page.waitForTimeout(300);
      const seen = new Set();
      const bad = [];
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page);
        if (ring.tag === 'BODY') break;
        const key = `${ring.tag}.${ring.testid}`;
        if (seen.has(key) && i > 10) continue;
        seen.add(key);
        if (!(ring.outline || ring.shadow)) bad.push(key);
      }
      expect(seen.size).toBeGreaterThan(5);
      expect(bad, 'focused elements without a visible focus ring').toEqual([]);
    });
  }
}

// ---------- Reduced motion ----------

test('prefers-reduced-motion: no transition, animation or smooth scroll anywhere', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [, fragment] of VIEWS.slice(0, 7)) {
    await open(page, fragment);
    await page.locator('details.plot-table summary').first().click();
    const moving = await page.evaluate(() => {
      const out = [];
      for (const el of [document.documentElement, ...document.querySelectorAll('*')]) {
        for (const pseudo of [null, '::before', '::after']) {
          const s = getComputedStyle(el, pseudo);
          const durations = `${s.transitionDuration},${s.animationDuration}`.split(',').map((d) => parseFloat(d));
          if (durations.some((d) => d > 0) || s.scrollBehavior === 'smooth') {
            out.push(`${el.tagName}.${el.className}${pseudo ?? ''}`);
          }
        }
      }
      return out;
    });
    expect(moving).toEqual([]);
  }
});

// ---------- Screenshots (to look at), with the tables open ----------

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshot of tables at ${width} px, ${colorScheme}; an open table does not widen the page`, async ({ page }) => {
      const shots = new URL('./.artifacts/screenshots/', import.meta.url).pathname;
      for (const [name, fragment, testid] of [
        ['compare', VIEWS[0][1], 'yields-chart'],
        ['roc', VIEWS[3][1], 'roc-plot'],
        ['pd2', VIEWS[7][1], 'pd-heatmaps'],
        ['decide', VIEWS[4][1], 'decide-lines'],
      ]) {
        await open(page, fragment, { colorScheme, width });
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        const before = await overflow();
        const fig = page.getByTestId(testid);
        await fig.getByTestId('plot-table').locator('summary').click();
        await expect(fig.locator('table')).toBeVisible();
        await fig.scrollIntoViewIfNeeded();
        await fig.screenshot({ path: `${shots}tables-${name}-${width}-${colorScheme}.png` });
        expect(await overflow(), name).toBeLessThanOrEqual(Math.max(before, 0));
      }
    });
  }
}
