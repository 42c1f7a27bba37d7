// Accessibility as a test (issue 15): axe-core's WCAG 2.1 A and AA rules over every view and
// the embed mode, at 375 and 1280 px, in light and dark. Any violation fails, with the rule,
// its impact and the first elements it names. (axe cannot see inside a canvas: the plots'
// colours are checked elsewhere.) Also axe's experimental `label-content-name-mismatch` (WCAG
// 2.5.3, issue 28: a control's visible words are part of its accessible name), on every view.
import { test, expect } from './fixtures.mjs';
import { wcagViolations } from './helpers.mjs';

const FACTORY = 'u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short';
const VIEWS = [
  ['compare', `view=compare&${FACTORY}`],
  ['space', `view=space&${FACTORY}&ucloud=xy&usigma=0.1`],
  ['reliability', 'view=reliability'],
  ['roc', 'view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5'],
  ['decide', `view=decide&${FACTORY}&alpha=0`],
  ['pd', 'view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows&kappa=0.5,0.2,0.3'],
  ['story', 'view=story&step=5'],
  ['probs', 'view=probs&sample=triage'],
  ['probs2', 'view=probs&sample=screening'],
  ['embed', `view=compare&embed=1&${FACTORY}`],
];

for (const [name, fragment] of VIEWS) {
  for (const width of [375, 1280]) {
    for (const colorScheme of ['light', 'dark']) {
      test(`axe: ${name} at ${width} px, ${colorScheme}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.goto(`/#${fragment}`);
        const view = name === 'embed' ? 'compare' : name.replace(/\d$/, '');
        await expect(page.getByTestId(`view-${view}`)).toBeVisible();
        await page.waitForTimeout(300); // plots and late panels drawn
        const found = await wcagViolations(page, { rules: ['label-content-name-mismatch'] });
        expect(found, `WCAG 2.1 A/AA violations in ${name} at ${width} px, ${colorScheme}`).toEqual([]);
      });
    }
  }
}
