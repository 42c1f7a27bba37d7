import { chromium } from '@playwright/test';
const [,, url, out, width, sel] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: Number(width), height: 800 } });
await p.goto(url);
await p.waitForTimeout(2500);
if (sel) { const el = p.locator(sel).first(); await el.scrollIntoViewIfNeeded(); await el.screenshot({ path: out }); } else await p.screenshot({ path: out });
await b.close();
