// The Story view: the factory story of Dyrland et al. 2022, §0 as a guided walk. Each step
// opens from its own link (#view=story&step=N) and shows its numbers, computed by the core;
// Previous / Next, the list of steps and the ← / → keys move and keep the link's step up to
// date; the "try it" links open the Compare view; embed mode; a bad step in a link.
import { test, expect } from './fixtures.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINUS, expectCleanLog, holdClipboard } from './helpers.mjs';

const STEPS = 8;
const AXES = 'output ↓ / true →';
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screenshots');

/** Opens `#fragment` and records what would make the page fail quietly (as openApp does). */
async function openStory(page, fragment, { colorScheme } = {}) {
  const log = { consoleErrors: [], pageErrors: [], requests: [], badResponses: [], failed: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') log.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.context().on('request', (request) => log.requests.push(request.url()));
  page.context().on('requestfailed', (request) =>
    log.failed.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  page.context().on('response', (response) => {
    if (response.status() >= 400) log.badResponses.push(`${response.status()} ${response.url()}`);
  });
  if (colorScheme) await page.emulateMedia({ colorScheme });
  const response = await page.goto(`/#${fragment}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('view-story')).toBeVisible();
  return log;
}

/** The step named by the page's fragment (1-based; no `step` key means step 1). */
function stepInUrl(page) {
  const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
  expect(params.get('view')).toBe('story');
  return Number(params.get('step') ?? '1');
}

/** The step shown is `n`, and the fragment says so. */
async function expectStep(page, n) {
  await expect(page.getByTestId('story-step')).toHaveAttribute('data-step', String(n));
  await expect(page.getByTestId('story-count')).toHaveText(`Step ${n} of ${STEPS}`);
  await expect(page.getByTestId(`story-step-link-${n}`)).toHaveAttribute('aria-current', 'step');
  await expect.poll(() => stepInUrl(page)).toBe(n);
}

const clean = (page, log) => expectCleanLog(log, new URL(page.url()).origin, '/');

/** What only step `n` shows: the key content of each step. */
const CONTENT = {
  1: async (page) => {
    for (const [id, cells] of [
      ['story-cm-A', ['0.27', '0.15', '0.23', '0.35']],
      ['story-cm-B', ['0.43', '0.18', '0.07', '0.32']],
    ]) {
      await expect(page.getByTestId(id).locator('thead th').first()).toHaveText(AXES);
      await expect(page.getByTestId(id).locator('tbody td')).toHaveText(cells);
      await expect(page.getByTestId(id).locator('tbody th')).toHaveText(['long', 'short']);
    }
    await expect(page.getByTestId('story-step')).toContainText('Which one would you deploy?');
  },
  2: async (page) => {
    // Table 1 of Dyrland et al. 2022, computed by the core, to two decimals.
    const table = {
      accuracy: ['0.62', '0.75'],
      balanced_accuracy: ['0.62', '0.75'],
      precision: ['0.64', '0.70'],
      f1: ['0.59', '0.77'],
      mcc: ['0.24', '0.51'],
      fowlkes_mallows: ['0.59', '0.78'],
      recall: ['0.54', '0.86'],
      specificity: ['0.70', '0.64'],
    };
    for (const [key, [a, b]] of Object.entries(table)) {
      await expect(page.getByTestId(`story-metric-${key}-A`)).toHaveText(a);
      await expect(page.getByTestId(`story-metric-${key}-B`)).toHaveText(b);
      const fav = key === 'specificity' ? 'A' : 'B';
      await expect(page.getByTestId(`story-favours-${key}`)).toHaveText(fav);
      await expect(page.getByTestId(`story-metric-${key}-${fav}`)).toHaveClass(/is-favoured/);
    }
    // Table 1's eight, then the four more Compare counts too (issue 28, item 10).
    await expect(page.getByTestId('story-table1').locator('tbody tr')).toHaveCount(12);
  },
  3: async (page) => {
    await expect(page.getByTestId('story-votes')).toHaveText('11 of 12 metrics favour B');
    await expect(page.getByTestId('story-recommend')).toHaveText(
      'The developers recommend classifier B.',
    );
    await expect(page.getByTestId('story-step')).toContainText('by 9\u202f%');
  },
  4: async (page) => {
    const u = page.getByTestId('story-utility');
    await expect(u.locator('thead th').first()).toHaveText(AXES);
    await expect(u.locator('tbody td')).toHaveText(['15 €', `${MINUS}335 €`, `${MINUS}35 €`, '165 €']);
    await expect(page.getByTestId('story-step')).toContainText('extreme damage');
  },
  5: async (page) => {
    await expect(page.getByTestId('story-yield-A')).toHaveText('+3.5');
    await expect(page.getByTestId('story-yield-B')).toHaveText(`${MINUS}3.5`);
    const a = Number(await page.getByTestId('story-yield-A').getAttribute('data-value'));
    const b = Number(await page.getByTestId('story-yield-B').getAttribute('data-value'));
    expect(a).toBeCloseTo(3.5, 12);
    expect(b).toBeCloseTo(-3.5, 12);
    // The element-wise product, summed (the course chapter's arithmetic).
    await expect(page.getByTestId('story-sum-A')).toContainText(
      `= 4.05 ${MINUS} 50.25 ${MINUS} 8.05 + 57.75`,
    );
    await expect(page.getByTestId('story-sum-B')).toContainText(`= ${MINUS}3.5 € per component`);
    await expect(page.getByTestId('story-step')).toContainText('smug smile');
  },
  6: async (page) => {
    await expect(page.getByTestId('story-variant').locator('tbody td')).toHaveText([
      '45 €',
      `${MINUS}335 €`,
      `${MINUS}65 €`,
      '165 €',
    ]);
    await expect(page.getByTestId('story-variant-yield-A')).toHaveText('+4.7');
    await expect(page.getByTestId('story-variant-yield-B')).toHaveText('+7.3');
    await expect(page.getByTestId('story-why')).toContainText('A by 7 €');
    await expect(page.getByTestId('story-why')).toContainText('B by 2.6 €');
  },
  7: async (page) => {
    await expect(page.getByTestId('story-medical').locator('tbody td')).toHaveText([
      '350',
      '0',
      '300',
      '500',
    ]);
    await expect(page.getByTestId('story-shift')).toHaveText('335');
    await expect(page.getByTestId('story-medical-yield-A')).toHaveText('338.5');
    await expect(page.getByTestId('story-medical-yield-B')).toHaveText('331.5');
    await expect(page.getByTestId('story-life-gain')).toContainText('7 more months');
  },
  8: async (page) => {
    await expect(page.getByTestId('story-try-factory')).toBeVisible();
    await expect(page.getByTestId('story-try-reliability')).toBeVisible();
  },
};

for (let n = 1; n <= STEPS; n++) {
  test(`step ${n} opens from its own link and shows its content`, async ({ page }) => {
    const log = await openStory(page, `view=story&step=${n}`);
    await expectStep(page, n);
    await CONTENT[n](page);
    // Progressive reveal: the utilities from step 4, the yields from step 5.
    await expect(page.getByTestId('story-utility')).toHaveCount(n === 4 ? 1 : 0);
    await expect(page.getByTestId('story-yield-A')).toHaveCount(n === 5 ? 1 : 0);
    if (n < 4) await expect(page.getByTestId('story-step')).not.toContainText('€');
    await expect(page.getByTestId('link-notices')).toHaveCount(0);
    clean(page, log);
  });
}

test('Previous and Next move through the steps and update the link', async ({ page }) => {
  const log = await openStory(page, 'view=story');
  await expectStep(page, 1);
  const prev = page.getByTestId('story-prev');
  const next = page.getByTestId('story-next');
  await expect(prev).toHaveAttribute('aria-disabled', 'true');
  await prev.click({ force: true }); // Playwright will not click an aria-disabled control
  await expectStep(page, 1);

  await next.click();
  await expectStep(page, 2);
  await CONTENT[2](page);
  await next.click();
  await expectStep(page, 3);
  await prev.click();
  await expectStep(page, 2);
  await expect(prev).not.toHaveAttribute('aria-disabled', 'true');

  // The list of steps: each one a link.
  await expect(page.getByTestId('story-step-link-5')).toHaveAttribute('href', '#view=story&step=5');
  await page.getByTestId('story-step-link-5').click();
  await expectStep(page, 5);
  await CONTENT[5](page);
  await page.getByTestId(`story-step-link-${STEPS}`).click();
  await expectStep(page, STEPS);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.click({ force: true });
  await expectStep(page, STEPS);

  // A reload keeps the step (the state is in the link).
  await page.reload();
  await expectStep(page, STEPS);
  clean(page, log);
});

test('the arrow keys move between steps, but not while typing in a field', async ({ page }) => {
  const log = await openStory(page, 'view=story&step=2');
  await expectStep(page, 2);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 3);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 4);
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, 3);
  // Modified arrows belong to the browser (Alt+← is "back").
  await page.keyboard.press('Shift+ArrowRight');
  await expectStep(page, 3);
  // Next by keyboard: Tab to the button and press Enter.
  await page.getByTestId('story-next').focus();
  await page.keyboard.press('Enter');
  await expectStep(page, 4);

  // A text field keeps its arrows.
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'probe';
    document.querySelector('[data-testid="view-story"]').append(input);
  });
  await page.locator('#probe').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, 4);

  // At the ends nothing happens.
  await page.getByTestId('story-step-link-1').click();
  await expectStep(page, 1);
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, 1);
  clean(page, log);
});

test('"Try it" opens the factory in the Compare view, and Back returns to the story', async ({
  page,
}) => {
  const log = await openStory(page, `view=story&step=${STEPS}`);
  await page.getByTestId('story-try-factory').click();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  await expect(page.getByTestId('view-story')).toHaveCount(0);
  const a = page.getByTestId('yield-A');
  await expect(a).toBeVisible();
  expect(Number(await a.getAttribute('data-value'))).toBeCloseTo(3.5, 12);
  expect(Number(await page.getByTestId('yield-B').getAttribute('data-value'))).toBeCloseTo(-3.5, 12);
  expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('view')).toBe('compare');

  await page.goBack();
  await expect(page.getByTestId('view-story')).toBeVisible();
  await expectStep(page, STEPS);
  clean(page, log);
});

test('the variant and the medical case open in Compare with their own yields', async ({ page }) => {
  const log = await openStory(page, 'view=story&step=6');
  await page.getByTestId('story-try-variant').click();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  expect(Number(await page.getByTestId('yield-B').getAttribute('data-value'))).toBeCloseTo(7.3, 12);

  await page.goto('/#view=story&step=7');
  await page.getByTestId('story-try-medical').click();
  await expect(page.getByTestId('view-compare')).toBeVisible();
  expect(Number(await page.getByTestId('yield-A').getAttribute('data-value'))).toBeCloseTo(
    338.5,
    12,
  );
  clean(page, log);
});

test('the last step links to the Metric reliability view', async ({ page }) => {
  const log = await openStory(page, `view=story&step=${STEPS}`);
  await page.getByTestId('story-try-reliability').click();
  await expect(page.getByTestId('view-reliability')).toBeVisible();
  clean(page, log);
});

test('embed mode: the story alone, compact, links open the full app in a new tab', async ({
  page,
}) => {
  const log = await openStory(page, 'view=story&step=5&embed=1');
  await expectStep(page, 5);
  await CONTENT[5](page);
  await expect(page.getByTestId('app-title')).toHaveCount(0);
  await expect(page.getByTestId('story-copy-link')).toHaveCount(0);
  await expect(page.getByTestId('open-full-app')).toBeVisible();
  const full = new URL(await page.getByTestId('open-full-app').getAttribute('href'));
  expect(full.hash).toContain('view=story');
  expect(full.hash).toContain('step=5');
  expect(full.hash).not.toContain('embed');

  // The steps keep embed mode; Next too.
  await expect(page.getByTestId('story-step-link-2')).toHaveAttribute(
    'href',
    '#view=story&step=2&embed=1',
  );
  await page.getByTestId('story-next').click();
  await expectStep(page, 6);
  expect(new URL(page.url()).hash).toContain('embed=1');
  const tryLink = page.getByTestId('story-try-variant');
  await expect(tryLink).toHaveAttribute('target', '_blank');
  expect(new URL(await tryLink.getAttribute('href')).hash).toContain('view=compare');
  clean(page, log);
});

test('a bad step in the link shows a notice and the first step', async ({ page }) => {
  const log = await openStory(page, 'view=story&step=99');
  await expect(page.getByTestId('link-notices')).toBeVisible();
  await expect(page.getByTestId('link-notices')).toContainText('step');
  await expect(page.getByTestId('link-notices')).toContainText(`'99' is not a step from 1 to ${STEPS}`);
  await expect(page.getByTestId('story-step')).toHaveAttribute('data-step', '1');
  await CONTENT[1](page);
  clean(page, log);
});

test('"Copy link to this step" copies the short link of the step', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const log = await openStory(page, 'view=story&step=3');
  await page.getByTestId('story-copy-link').click();
  await expect(page.getByTestId('toast')).toHaveText('Link to this step copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).hash).toBe('#view=story&step=3');
  clean(page, log);
});

test('a refused copy says so and shows the link to copy by hand', async ({ page }) => {
  const clipboard = await holdClipboard(page);
  const log = await openStory(page, 'view=story&step=5');
  await page.getByTestId('story-copy-link').click();
  await expect.poll(clipboard.pending).toBe(1);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await clipboard.reject(0, 'Write permission denied.');
  await expect(page.getByTestId('toast')).toHaveText(
    'Could not copy: Write permission denied.; select the link below and copy it by hand',
  );
  const field = page.getByTestId('story-copy-field');
  await expect(field).toHaveValue(await clipboard.text(0));
  expect(new URL(await field.inputValue()).hash).toBe('#view=story&step=5');
  // A copy that works takes the field away.
  await page.getByTestId('story-copy-embed').click();
  await expect.poll(clipboard.pending).toBe(2);
  await expect(field).toHaveCount(0);
  await clipboard.resolve(1);
  await expect(page.getByTestId('toast')).toHaveText('Embed code copied');
  expect(await clipboard.text(1)).toMatch(/^<iframe [^>]*src="[^"]+#view=story&amp;step=5&amp;embed=1"/);
  clean(page, log);
});

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`every step fits ${width} px (${colorScheme}); screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
      const log = await openStory(page, 'view=story', { colorScheme });
      for (let n = 1; n <= STEPS; n++) {
        if (n > 1) await page.getByTestId('story-next').click();
        await expectStep(page, n);
        const overflow = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(overflow.scroll, `step ${n}: horizontal overflow`).toBeLessThanOrEqual(
          overflow.client,
        );
        if (colorScheme === 'light' || [2, 5, 7].includes(n)) {
          await page.screenshot({
            path: path.join(shots, `story-${n}-${width}-${colorScheme}.png`),
            fullPage: true,
          });
        }
      }
      clean(page, log);
    });
  }
}
