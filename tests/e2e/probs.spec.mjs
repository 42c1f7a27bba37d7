// The Probabilities view (issue 26): a test set's per-item class probabilities decided by the
// most probable class and by maximal expected utility, calibration, the decision curve, how
// sure.
//
// * The sample links (`sample=triage`, `sample=screening`) show both rules' yields, the very
//   numbers `ulab decide --probs` gives on the same samples (tests/reference/probs/samples.json,
//   kept equal to ulab's output by tests/it/cli_probs.rs), the reliability diagrams and the
//   bootstrap (which runs by itself on a small file); the screening sample draws the decision
//   curve, whose picked threshold opens its utility matrix in the Utility space.
// * tests/reference/probs/triage.csv given to the file input gives the fixture's numbers
//   (NumPy's, which ulab's tests also check), with and without deployment shares.
// * A bad file names its line and model, and the previous data stay.
// * Send to Compare: a rule that refers keeps a row per decision there, ranked by its yield, its
//   metrics "—" with the reason; the link holds it; another view says it leaves it out.
// * The ROC view recognises a probabilities file and opens it here.
// * Bad keys give notices; hostile model names stay text; exports; embed; 375 px fits;
//   a reload says the file is needed; screenshots at 375 and 1280 px, light and dark.
import { test, expect } from './fixtures.mjs';
import { MINUS } from './helpers.mjs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = path.join(here, '.artifacts/screenshots');
const reference = path.join(here, '../reference/probs');
const samples = JSON.parse(readFileSync(path.join(reference, 'samples.json'), 'utf8'));
const cases = JSON.parse(readFileSync(path.join(reference, 'probs_cases.json'), 'utf8')).cases;

const TRIAGE_PROBLEM =
  'u=10,-20,-200;0,15,-100;-30,0,60;-5,5,40&classes=ok,minor,severe&decisions=home,treat%20minor,treat%20severe,refer';

/** A number as the page's tables write it (`ulab_core::text::number(v, d)`): at most `d`
 *  decimals, trailing zeros dropped, a typographic minus, never −0. */
function fmt(v, d = 4) {
  let s = v.toFixed(d);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (/^-0$/.test(s)) s = '0';
  return s.replace('-', MINUS);
}

/** Opens the page at `fragment` (a fresh document) and records errors. */
async function open(page, fragment, { colorScheme, testid = 'view-probs' } = {}) {
  const log = { errors: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.errors.push(msg.text());
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  page.on('dialog', (d) => {
    log.errors.push(`dialog: ${d.message()}`);
    d.dismiss();
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId(testid)).toBeVisible();
  return log;
}

/** The yield per item shown for model `k`'s rule (`most_probable`, `optimal`, `recalibrated`). */
const shown = (page, k, rule) => page.getByTestId(`probs-row-${k}-${rule}`).getByTestId('probs-yield');

/** Expects the table to show `want` (ulab's `--json` models: name, argmax, optimal). */
async function expectYields(page, want) {
  for (const [k, m] of want.entries()) {
    await expect(page.getByTestId(`probs-row-${k}-most_probable`).locator('th')).toHaveText(m.name);
    await expect(shown(page, k, 'most_probable')).toHaveText(fmt(m.argmax.yield));
    await expect(shown(page, k, 'optimal')).toHaveText(fmt(m.optimal.yield));
  }
}

test('the triage sample link: both rules yield what ulab gives on the same sample', async ({ page }) => {
  const log = await open(page, 'view=probs&sample=triage');
  // A bare sample link opens with the sample's problem: three classes and a "refer" decision.
  await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('decisions=home,treat minor,treat severe,refer');
  await expect(page.getByTestId('probs-load-done')).toContainText('The triage sample: 2000 rows, 2 models (calibrated, overconfident), 3 classes (ok, minor, severe)');
  await expectYields(page, samples.triage.models);
  // The optimal rule beats the most probable class; the verdict names the best.
  await expect(page.getByTestId('probs-best')).toContainText('Deploy calibrated with the decisions of maximal expected utility');
  // Recalibration (cross-fitted) runs by itself: the overconfident model's probabilities are off.
  await expect(page.getByTestId('probs-row-1-recalibrated')).toBeVisible();
  await expect(page.getByTestId('probs-sentences')).toContainText("overconfident's probabilities are off");
  // The reliability diagrams and the bootstrap (small: it runs by itself).
  await expect(page.getByTestId('probs-reliability-plot').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('probs-cal-errors')).toContainText('overconfident');
  await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('probs-sure-sentences')).toContainText('P(it yields more than');
  await expect(page.getByTestId('probs-sure-sentences')).toContainText('the same items');
  await expect(page.getByTestId('probs-pairs')).toContainText('calibrated vs overconfident, optimal');
  // No decision curve for three classes.
  await expect(page.getByTestId('probs-curves')).toHaveCount(0);
  expect(log.errors).toEqual([]);
});

test('the screening sample: yields as ulab, the decision curve, and its matrix in the Utility space', async ({ page }) => {
  const log = await open(page, 'view=probs&sample=screening');
  await expectYields(page, samples.screening.models);
  const curve = page.getByTestId('probs-decision-plot').locator('canvas');
  await expect(curve).toBeVisible();
  // The matrix [[50, −10], [−100, 0]] implies the threshold 10/160 = 0.0625.
  await expect(curve).toHaveAttribute('aria-label', /threshold probability 0\.0625/);
  await expect(page.getByTestId('probs-thresholds')).toContainText('trusting the probabilities (threshold 0.0625) yields');
  await expect(page.getByTestId('probs-thresholds')).toContainText('the best threshold on the data');
  // The net benefit at p_t = 0.2 is read out, and its matrix [[1, −0.25], [0, 0]] opens in
  // the Utility space.
  const slider = page.getByTestId('probs-pt');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('probs-pt-readout')).toContainText('At p_t = 0.21: net benefit calibrated');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('probs-open-space')).toHaveText('Open [[1, −0.25], [0, 0]] in the Utility space');
  await page.getByTestId('probs-open-space').click();
  await expect(page.getByTestId('view-space')).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('u=1,-0.25;0,0');
  expect(log.errors).toEqual([]);
});

test('triage.csv given to the file input: the numbers of the fixture, with and without deployment shares', async ({ page }) => {
  const log = await open(page, `view=probs&${TRIAGE_PROBLEM}`);
  const c = cases.find((x) => x.id === 'triage');
  await page.getByTestId('probs-file-input').setInputFiles(path.join(reference, 'triage.csv'));
  await expect(page.getByTestId('probs-load-done')).toContainText('triage.csv: 600 rows, 2 models (A, B), 3 classes (ok, minor, severe)');
  await expect(page.getByTestId('probs-load-done')).toContainText('ignored: id');
  const renormalized = Object.values(c.renormalized).reduce((a, b) => a + b, 0);
  await expect(page.getByTestId('probs-load-done')).toContainText(`${renormalized} rows renormalized`);
  const asUlab = (run) =>
    run.models.map((m) => ({ name: m.name, argmax: { yield: m.most_probable.yield }, optimal: { yield: m.optimal.yield } }));
  await expectYields(page, asUlab(c.runs[0]));
  await expect(page.getByTestId('probs-row-0-optimal').getByTestId('probs-total')).toHaveText(fmt(c.runs[0].models[0].optimal.total, 2));
  // The link notes the models, not the file.
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('pmodels=A,B');
  // Deployment shares 30/40/30 %: Bayes' rule on the probabilities, yields at those shares.
  const run = c.runs.find((r) => r.prevalence);
  await page.getByTestId('probs-shares').fill(run.prevalence.join(','));
  await page.getByTestId('probs-shares').press('Enter');
  await expectYields(page, asUlab(run));
  await expect(page.getByTestId('probs-sentences')).toContainText('In deployment the classes occur with shares 30');
  expect(log.errors).toEqual([]);
});

test('a bad file names its line and model, and the previous data stay', async ({ page }) => {
  const log = await open(page, 'view=probs&sample=triage');
  await expectYields(page, samples.triage.models);
  const bad = 'label,A:ok,A:minor,A:severe\nok,0.8,0.1,0.1\nminor,0.2,0.7,0.1\nsevere,0.1,0.1,0.8\nok,0.9,0.05,0.05\nminor,0.3,0.6,0.1\nok,1.5,0.1,0.1\n';
  await page.getByTestId('probs-file-input').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const error = page.getByTestId('probs-load-error');
  await expect(error).toContainText("line 7, model 'A' (column 'A:ok'): 1.5 is not a probability");
  await expect(error).toContainText('previous data are kept');
  await expectYields(page, samples.triage.models);
  // A label that no column names, pasted.
  await page.getByText('…or paste the CSV').click();
  await page.getByTestId('probs-paste').fill('label,A:ok,A:bad\nok,0.5,0.5\nfine,0.5,0.5\n');
  await page.getByTestId('probs-paste-load').click();
  await expect(error).toContainText("line 3: the true class 'fine' has no column");
  await expectYields(page, samples.triage.models);
  expect(log.errors).toEqual([]);
});

test('Send to Compare: a rule that refers keeps a row per decision, ranked by its yield; other views say they leave it out', async ({ page }) => {
  const log = await open(page, 'view=probs&sample=triage');
  await expect(shown(page, 0, 'optimal')).toBeVisible();
  const optimal = page.getByTestId('probs-row-0-optimal');
  const yieldText = await optimal.getByTestId('probs-yield').textContent();
  // The optimal rule refers: its button is marked, and the note says what Compare does.
  await expect(optimal.getByTestId('probs-send')).toHaveText('Send †');
  await expect(page.getByTestId('probs-refers')).toContainText('keeps a row per decision');
  await optimal.getByTestId('probs-send').click();
  await expect(page.getByTestId('toast')).toContainText("Added 'calibrated, optimal' to Compare");
  await page.getByTestId('probs-row-0-most_probable').getByTestId('probs-send').click();
  await expect(page.getByTestId('toast')).toContainText("Added 'calibrated, most probable' to Compare");
  await page.getByTestId('probs-open-compare').click();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('classifier-count')).toHaveText('2');
  // Its card: four rows (home, treat minor, treat severe, refer), editable.
  const card = page.getByTestId('decided-calibrated, optimal');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('decided-values-0')).toContainText("also decides 'refer' for");
  await expect(card.locator('tbody tr')).toHaveCount(4);
  await expect(card.locator('tbody tr').nth(3).locator('th')).toHaveText('refer');
  // Ranked by the same yield the Probabilities view showed.
  const y = Number(await page.getByTestId('yield-calibrated, optimal').getAttribute('data-value'));
  expect(fmt(y)).toBe(yieldText.trim());
  // Each metric is "—" for it, with the reason.
  const accuracy = page.getByTestId('metric-row-accuracy');
  const dash = accuracy.getByTestId('metric-accuracy-calibrated, optimal');
  await expect(dash).toHaveText(/^— \(not defined: the metric needs one output per class/);
  await expect(accuracy.locator('[title*="one output per class"]')).toHaveCount(1);
  // How sure ranks both.
  await expect(page.getByTestId('compare-sure')).toContainText('calibrated, optimal', { timeout: 20000 });
  // The link holds it with its four rows; opened again, the same.
  const url = page.url();
  expect(decodeURIComponent(url)).toContain('cm.calibrated, optimal=');
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('decided-calibrated, optimal')).toBeVisible();
  expect(Number(await page.getByTestId('yield-calibrated, optimal').getAttribute('data-value'))).toBe(y);
  // Another view says whom it leaves out.
  await page.goto(url.replace('view=compare', 'view=pd').replace(/#(?!.*view=)/, '#view=pd&'));
  await expect(page.getByTestId('left-out')).toContainText("This view leaves out 'calibrated, optimal'");
  await expect(page.getByTestId('left-out')).toContainText("it also decides 'refer'");
  // The Story tells the paper's example, not the user's classifiers: no note there.
  await page.locator('a[data-view="story"]').click();
  await expect(page.getByTestId('view-story')).toBeVisible();
  await expect(page.getByTestId('left-out')).toHaveCount(0);
  expect(log.errors).toEqual([]);
});

test('a hand-typed link with a row per decision: edits keep it, a wrong size is named', async ({ page }) => {
  const base = 'u=15,-335;-35,165;0,0&cm.A=27,15;23,35&cm.D=27,5;13,35;10,10&decisions=long,short,refer';
  const log = await open(page, base + '&cm.E=1,2;3,4;5,6;7,8', { testid: 'view-compare' });
  await expect(page.getByTestId('link-notices')).toContainText('is 4 × 2 but there are 2 classes and 3 decisions');
  await expect(page.getByTestId('yield-row-D')).toHaveClass(/is-best/);
  expect(Number(await page.getByTestId('yield-D').getAttribute('data-value'))).toBe(40.5);
  // Edit D's refer row: fewer referred, more wrong "long".
  const cell = page.getByTestId('decided-editor-0').locator('input').nth(4);
  await cell.fill('0');
  await cell.press('Tab');
  await expect(page.getByTestId('yield-D')).toHaveAttribute('data-value', String((405 - 1675 - 455 + 5775) / 90));
  // Removing 'refer' while D refers is refused, with the reason; once D is gone, it goes.
  await page.getByTestId('remove-decision-2').click();
  await expect(page.getByTestId('classes-error')).toHaveText("Classifier 'D' decides 'refer' for 10 items: remove that classifier first.");
  await expect(page.getByTestId('utility-editor').locator('tbody tr')).toHaveCount(3);
  await page.getByTestId('remove-decided-0').click();
  await expect(page.getByTestId('classifier-count')).toHaveText('1');
  await page.getByTestId('remove-decision-2').click();
  await expect(page.getByTestId('utility-editor').locator('tbody tr')).toHaveCount(2);
  expect(log.errors).toEqual([]);
});

test('the ROC view recognises a probabilities file and opens it here', async ({ page }) => {
  const log = await open(page, `view=roc&${TRIAGE_PROBLEM}`, { testid: 'view-roc' });
  await page.getByTestId('roc-file').setInputFiles(path.join(reference, 'triage.csv'));
  await expect(page.getByTestId('roc-probabilities')).toContainText('triage.csv is a probabilities file: one column per class for A, B (ok, minor, severe)');
  await page.getByTestId('roc-open-probs').click();
  await expect(page.getByTestId('view-probs')).toBeVisible();
  await expect(page.getByTestId('probs-load-done')).toContainText('triage.csv: 600 rows, 2 models (A, B)');
  const c = cases.find((x) => x.id === 'triage');
  await expect(shown(page, 0, 'optimal')).toHaveText(fmt(c.runs[0].models[0].optimal.yield));
  expect(log.errors).toEqual([]);
});

test('a reload says the file is needed; bad keys give notices; hostile names stay text', async ({ page }) => {
  let log = await open(page, 'view=probs&pmodels=A,B&u=1,0;0,1');
  await expect(page.getByTestId('probs-reload-notice')).toHaveText(
    'This link was made with a probabilities file (models A and B), which a link cannot hold: give the file again to see its numbers.',
  );
  expect(log.errors).toEqual([]);
  log = await open(page, 'view=probs&sample=lottery&pbins=99&bogus=1');
  const keys = await page.getByTestId('link-notice').evaluateAll((els) => els.map((e) => e.dataset.key));
  expect(keys.sort()).toEqual(['bogus', 'pbins', 'sample']);
  await expect(page.getByTestId('link-notices')).toContainText('triage or screening');
  const hostile = '<img src=x onerror=alert(1)>';
  await page.getByText('…or paste the CSV').click();
  await page.getByTestId('probs-paste').fill(`label,${hostile}:a,${hostile}:b\na,0.9,0.1\nb,0.2,0.8\na,0.6,0.4\n`);
  await page.getByTestId('probs-paste-load').click();
  await expect(page.getByTestId('probs-fit')).toBeVisible();
  await page.getByTestId('probs-use-file-classes').click();
  await expect(page.getByTestId('probs-row-0-optimal').locator('th')).toHaveText(hostile);
  await expect(page.getByTestId('probs-load-done')).toContainText(hostile);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(log.errors).toEqual([]);
});

test('exports: the CSVs and the plots', async ({ page }) => {
  const log = await open(page, 'view=probs&sample=screening');
  await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  const save = async (locator) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), locator.click()]);
    return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
  };
  const decisions = await save(page.getByTestId('probs-export-decisions'));
  expect(decisions.name).toBe('probs-decisions.csv');
  expect(decisions.text.split('\n')[0]).toBe('model,rule,yield_per_item,total,gain_per_item,best,treat→1,treat→0,wait→1,wait→0');
  const cal = await save(page.getByTestId('probs-export-calibration'));
  expect(cal.text.split('\n')[0]).toBe('model,class,bin_from,bin_to,items,items_of_class,mean_predicted,observed,observed_lo90,observed_hi90');
  const curve = await save(page.getByTestId('probs-export-curve'));
  expect(curve.text.split('\n')[0]).toBe('threshold,treat_none,treat_all,calibrated,timid');
  expect(curve.text.trim().split('\n').length).toBe(100);
  const boot = await save(page.getByTestId('probs-export-bootstrap'));
  expect(boot.text.split('\n')[0]).toBe('kind,arm,other,observed,mean,lo90,hi90,p_better');
  for (const [id, name] of [
    ['probs-reliability-plot', 'probs-reliability'],
    ['probs-decision-plot', 'probs-decision-curve'],
    ['probs-yield-plot', 'probs-yield-vs-threshold'],
    ['probs-boot-plot', 'probs-bootstrap'],
  ]) {
    const svg = await save(page.getByTestId(id).getByTestId('export-svg'));
    expect(svg.name).toBe(`${name}.svg`);
    expect(svg.text.startsWith('<svg')).toBe(true);
  }
  const png = await save(page.getByTestId('probs-reliability-plot').getByTestId('export-png'));
  expect(png.name).toBe('probs-reliability.png');
  expect(log.errors).toEqual([]);
});

test('the examples menu opens both samples', async ({ page }) => {
  const log = await open(page, 'view=compare', { testid: 'view-compare' });
  await page.getByTestId('presets').selectOption('probs-screening');
  await expect(page.getByTestId('view-probs')).toBeVisible();
  await expectYields(page, samples.screening.models);
  await page.getByTestId('presets').selectOption('probs-triage');
  await expectYields(page, samples.triage.models);
  expect(log.errors).toEqual([]);
});

for (const fragment of ['view=probs&sample=triage', 'embed=1&view=probs&sample=screening']) {
  test(`375 px, no sideways scroll: ${fragment}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const log = await open(page, fragment);
    await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    if (fragment.startsWith('embed')) {
      await expect(page.getByTestId('embed-bar')).toContainText('Probabilities');
      await expect(page.getByTestId('share-bar')).toHaveCount(0);
      await expect(page.getByTestId('probs-decision-plot').locator('canvas')).toBeVisible();
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(log.errors).toEqual([]);
  });
}

for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark']) {
    for (const name of ['triage', 'screening']) {
      test(`screenshot ${name} ${width} px ${scheme}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const log = await open(page, `view=probs&sample=${name}`, { colorScheme: scheme });
        await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
        await expect(page.getByTestId('probs-row-1-recalibrated')).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(shots, `probs-${name}-${width}-${scheme}.png`), fullPage: true });
        expect(log.errors).toEqual([]);
      });
    }
  }
}

test('a larger file: the bootstrap runs on request, with its progress and Cancel', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const log = await open(page, `view=probs&${TRIAGE_PROBLEM}`);
  // 150 000 rows, two models: above what runs by itself.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
  const lines = ['label,A:ok,A:minor,A:severe,B:ok,B:minor,B:severe'];
  const names = ['ok', 'minor', 'severe'];
  for (let i = 0; i < 150_000; i++) {
    const y = Math.floor(rnd() * 3);
    const model = () => {
      const a = [rnd(), rnd(), rnd()];
      a[y] += 1;
      const s = a[0] + a[1] + a[2];
      const p = a.map((v) => (v / s).toFixed(4));
      p[2] = (1 - Number(p[0]) - Number(p[1])).toFixed(4);
      return p.join(',');
    };
    lines.push(`${names[y]},${model()},${model()}`);
  }
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, 'large.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  await page.getByTestId('probs-file-input').setInputFiles(file);
  await expect(page.getByTestId('probs-load-done')).toContainText('large.csv: 150000 rows', { timeout: 60_000 });
  await expect(page.getByTestId('probs-row-1-optimal')).toBeVisible();
  await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'idle');
  // The run takes a few slices of 8 ms (items are grouped by class and decisions): the
  // observer sees its progress, and clicks Cancel as soon as Cancel appears.
  await page.evaluate(() => {
    const card = document.querySelector('[data-testid=probs-howsure]');
    const status = card.querySelector('[data-testid=probs-boot-status]');
    window.__boot = { states: [], cancelled: false };
    new MutationObserver(() => {
      window.__boot.states.push(status.dataset.state);
      const cancel = card.querySelector('[data-testid=probs-boot-cancel]');
      if (cancel && !window.__boot.cancelled) {
        window.__boot.cancelled = true;
        cancel.click();
      }
    }).observe(card, { attributes: true, childList: true, subtree: true, characterData: true });
  });
  await page.getByTestId('probs-boot-run').click();
  await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('probs-boot-status')).toHaveText('Cancelled.');
  await expect(page.getByTestId('probs-boot-cancel')).toHaveCount(0);
  await expect(page.getByTestId('probs-boot-plot')).toHaveCount(0);
  expect(await page.evaluate(() => window.__boot.states)).toContain('running');
  await page.evaluate(() => (window.__boot.cancelled = 'again'));
  await page.getByTestId('probs-boot-run').click();
  await expect(page.getByTestId('probs-boot-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('probs-boot-status')).toHaveText('1000 resamples of the 150000 items.');
  expect(log.errors).toEqual([]);
});
