// Issue 28, item 3: one baseline rule in every view. Deciding the same for every item, without
// any model, is in every comparison (crates/state/src/baseline.rs); every view that names a
// best model says when that baseline beats it, on the shares its yields are computed on — and
// does not say it where it does not (the factory under deployment shares 90/10).
import { test, expect } from './fixtures.mjs';

const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const SENTENCE =
  "Deciding 'short' for every item, without any classifier, would yield 65 per item — more than every classifier here.";

async function open(page, fragment, view) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId(`view-${view}`)).toBeVisible();
  return errors;
}

test('the factory: Compare, the Utility space and the question say the same baseline', async ({ page }) => {
  let errors = await open(page, FACTORY, 'compare');
  await expect(page.getByTestId('verdict-details')).toContainText(SENTENCE);
  await expect(page.getByTestId('beaten-note')).toContainText("Deciding 'short' for every item");

  errors = errors.concat(await open(page, `view=space&${FACTORY}`, 'space'));
  await expect(page.getByTestId('space-headline')).toContainText('A yields the most here');
  await expect(page.getByTestId('space-headline')).toContainText(SENTENCE);

  errors = errors.concat(await open(page, `view=reliability&${FACTORY}`, 'reliability'));
  await page.getByTestId('q-run').click();
  await expect(page.getByTestId('q-status')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('q-baseline')).toHaveText(SENTENCE);
  expect(errors).toEqual([]);
});

test('under deployment shares 90/10 the baseline loses, and Compare no longer says it wins', async ({ page }) => {
  const errors = await open(page, `${FACTORY}&prev=0.9,0.1`, 'compare');
  // "always short" yields 0.9 × (−35) + 0.1 × 165 = −15 there, B 5.7.
  await expect(page.getByTestId('verdict-headline')).toContainText('B');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-trivial-wins', 'false');
  await expect(page.getByTestId('verdict-details')).not.toContainText('for every item, without any classifier');
  await expect(page.getByTestId('beaten-note')).toHaveText(
    "On the test set's class shares, deciding 'short' for every item yields more than every classifier; under the deployment class shares it does not.",
  );
  expect(errors).toEqual([]);
});

test('ROC: the best threshold against deciding the same for every item, and models that add nothing', async ({ page }) => {
  let errors = await open(page, 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5&classes=sick,well', 'roc');
  await expect(page.getByTestId('roc-best')).toContainText('B is the best');
  await expect(page.getByTestId('roc-baseline')).toContainText(
    "more than deciding 'sick' for every item, without any model (2).",
  );
  // A rare class 0 and a costly false alarm: every optimum is "never class 0".
  errors = errors.concat(
    await open(page, 'view=roc&bn.A=1,1&u=1,-50;0,0&prev=0.1,0.9&classes=sick,well', 'roc'),
  );
  await expect(page.getByTestId('roc-baseline')).toContainText(
    "No threshold of any model does better than deciding 'well' for every item (0 per item)",
  );
  expect(errors).toEqual([]);
});

test('Probabilities: overconfident probabilities that lose to a constant decision are told so', async ({ page }) => {
  const errors = await open(page, 'view=probs&u=1,-10;0,0&classes=win,lose', 'probs');
  await page.getByText('…or paste the CSV').click();
  // Both rules and the recalibrated model lose (−5, −1.667, −1.667 per item); passing yields 0.
  await page
    .getByTestId('probs-paste')
    .fill('label,A:win,A:lose\nwin,0.27,0.73\nlose,0.83,0.17\nlose,0.56,0.44\nlose,0.39,0.61\nlose,0.19,0.81\nlose,0.97,0.03\n');
  await page.getByTestId('probs-paste-load').click();
  await expect(page.getByTestId('probs-best')).toContainText('Deploy A');
  await expect(page.getByTestId('probs-work')).toHaveText('');
  await expect(page.getByTestId('probs-sentences')).toContainText(
    "Deciding 'lose' for every item, without any model, would yield 0 per item — more than this model.",
  );
  expect(errors).toEqual([]);
});
