// Handouts: every view printed (Playwright's print media emulation, which is what the browser
// lays out for paper) shows its numbers, tables and plots, no controls, light colours whatever
// the theme, and the link that reproduces it as text and as a QR code (style/print.css,
// crates/ui/src/chrome/print_link.rs, crates/ui/src/theme.rs). Print-emulated screenshots of every view, and
// the PDF the browser prints of it (A4), go to tests/e2e/.artifacts/print/.
import { test, expect } from './fixtures.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '.artifacts/print');

/** One link per view; `plots`: the view draws at least one plot on a canvas at once. */
const VIEWS = [
  { name: 'compare', fragment: 'view=compare', ready: 'yield-A', plots: true },
  { name: 'space', fragment: 'view=space', ready: 'space-plot', plots: true },
  { name: 'reliability', fragment: 'view=reliability', ready: 'view-reliability', plots: true },
  {
    name: 'roc',
    fragment: 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5',
    ready: 'roc-plot',
    plots: true,
  },
  {
    name: 'decide',
    fragment: 'view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8',
    ready: 'app',
    plots: true,
  },
  { name: 'pd', fragment: 'view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows', ready: 'app', plots: true },
  { name: 'story', fragment: 'view=story&step=3', ready: 'app', plots: false },
  { name: 'probs', fragment: 'view=probs&sample=screening', ready: 'probs-decision-plot', plots: true },
];

/** The RGB of the canvas's pixel at (2, 2) (a plot's background). */
const corner = (canvas) =>
  canvas.evaluate((c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data.slice(0, 3)]);
const luminance = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** Waits for every canvas of the page to be drawn (a non-zero backing store). */
async function plotsDrawn(page) {
  await expect
    .poll(() => page.locator('main canvas').evaluateAll((cs) => cs.filter((c) => c.width > 0).length))
    .toBeGreaterThan(0);
}

for (const view of VIEWS) {
  test(`${view.name}: printed, a handout with its link and QR code and no controls`, async ({ page }) => {
    await page.setViewportSize({ width: 760, height: 1000 });
    await page.goto(`/#${view.fragment}`);
    await expect(page.getByTestId(view.ready).first()).toBeVisible();
    if (view.plots) await plotsDrawn(page);
    // The link block is not on the screen.
    await expect(page.getByTestId('print-link')).toHaveCount(0);

    await page.emulateMedia({ media: 'print' });
    const block = page.getByTestId('print-link');
    await expect(block).toBeVisible();
    // The link printed is the page's address, which holds the whole state…
    await expect(page.getByTestId('print-link-url')).toHaveText(page.url());
    expect(page.url()).toContain('#');
    // …and so is the QR code's (drawn, square, black on white).
    const qr = page.getByTestId('print-qr').locator('svg');
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box.width).toBeGreaterThan(100); // 30 mm at least
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    await expect(qr).toHaveAttribute('aria-label', "QR code of this page's link");
    await expect(page.getByTestId('print-qr-too-long')).toHaveCount(0);

    // No controls: buttons, sliders, file pickers, the views' menu, the share bar. (A button
    // that shows a state, a metric's admissibility, prints that state as text.)
    expect(await page.locator('button:visible:not(.adm-toggle)').count(), 'visible buttons').toBe(0);
    expect(await page.locator('input[type=file]:visible, input[type=range]:visible').count()).toBe(0);
    await expect(page.locator('nav, .view-nav').first()).toBeHidden();
    await expect(page.locator('.share-bar')).toBeHidden();
    // Values typed in fields print as text, with no field drawn around them.
    for (const border of await page
      .locator('main input:visible, main select:visible')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).borderTopColor))) {
      expect(border).toBe('rgba(0, 0, 0, 0)');
    }
    // The plots are printed, at the paper's width and in their drawn proportions.
    if (view.plots) {
      const canvases = page.locator('main canvas');
      expect(await canvases.count()).toBeGreaterThan(0);
      for (const c of await canvases.all()) {
        if (!(await c.evaluate((el) => el.width > 0))) continue;
        await expect(c).toBeVisible();
        const ratio = await c.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.width / r.height / (el.width / el.height);
        });
        expect(ratio).toBeCloseTo(1, 1);
      }
    }
    await page.screenshot({ path: path.join(shots, `${view.name}.png`), fullPage: true });
    // And as the browser prints it, on A4 pages (to look at; see docs/offline-and-print.md).
    await page.pdf({ path: path.join(shots, `${view.name}.pdf`), format: 'A4', printBackground: true });

    // Back on the screen: the block is gone, the controls are back.
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('print-link')).toHaveCount(0);
    expect(await page.locator('button:visible').count()).toBeGreaterThan(0);
  });
}

test("Compare printed: each metric's admissibility is on paper, as its badge without the chevron", async ({ page }) => {
  await page.goto('/#view=compare');
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  for (const [key, text] of [
    ['accuracy', '✓ admissible'],
    ['f1', '✗ inadmissible'],
    ['net_benefit', '✓ admissible'],
  ]) {
    const mark = page.getByTestId(`adm-${key}`);
    await expect(mark, key).toBeVisible();
    await expect(mark, key).toContainText(text);
    await expect(mark.locator('.chevron'), key).toBeHidden();
  }
});

test('a dark page prints light: page colours and plots redrawn, dark again after', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('utility-lab-theme', 'dark'));
  await page.goto('/#view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const canvas = page.getByTestId('roc-plot').locator('canvas');
  await expect.poll(() => corner(canvas).then(luminance)).toBeLessThan(0.2);

  await page.emulateMedia({ media: 'print' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
  expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(27, 31, 36)');
  // The canvas was redrawn in the light theme (its background, top left).
  await expect.poll(() => corner(canvas).then(luminance)).toBeGreaterThan(0.9);
  await page.screenshot({ path: path.join(shots, 'roc-dark-theme.png'), fullPage: true });

  await page.emulateMedia({ media: 'screen' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => corner(canvas).then(luminance)).toBeLessThan(0.2);
});

test('the browser fires the print media query change under emulation (what the page listens to)', async ({
  page,
}) => {
  await page.goto('/#view=compare');
  await expect(page.getByTestId('yield-A')).toBeVisible();
  await page.evaluate(() => {
    window.__printChanges = [];
    matchMedia('print').addEventListener('change', (e) => window.__printChanges.push(e.matches));
  });
  await page.emulateMedia({ media: 'print' });
  await expect.poll(() => page.evaluate(() => window.__printChanges)).toEqual([true]);
  await page.emulateMedia({ media: 'screen' });
  await expect.poll(() => page.evaluate(() => window.__printChanges)).toEqual([true, false]);
});

test('real printing (beforeprint) also draws the link block, and afterprint removes it', async ({
  page,
}) => {
  await page.goto('/#view=compare');
  await expect(page.getByTestId('yield-A')).toBeVisible();
  // The events the browser sends around window.print(), without its dialog.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(page.getByTestId('print-qr').locator('svg')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.getByTestId('print-link')).toHaveCount(0);
});

test('a link too long for a QR code prints as text, with the reason', async ({ page }) => {
  // 50 classifiers of 3 classes with long names: a link of about 4 500 bytes.
  const name = (i) => `classifier-number-${String(i).padStart(2, '0')}-with-a-rather-long-name-indeed`;
  const cms = Array.from({ length: 50 }, (_, i) => `cm.${name(i)}=${10 + i},2,3;4,${20 + i},6;7,8,${30 + i}`);
  await page.goto(`/#view=compare&u=1,0,0;0,1,0;0,0,1&${cms.join('&')}`);
  await expect(page.getByTestId('app')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-link-url')).toHaveText(page.url());
  expect(Buffer.byteLength(page.url())).toBeGreaterThan(2953);
  await expect(page.getByTestId('print-qr')).toHaveCount(0);
  await expect(page.getByTestId('print-qr-too-long')).toContainText('This link is too long for a QR code');
});
