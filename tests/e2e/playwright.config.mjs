// Playwright configuration for the end-to-end tests (run by scripts/test.sh).
//
// The tests run against the *built* page, served by tests/e2e/serve.mjs from three places:
//   /                -> dist/          (trunk build --release; relative asset URLs)
//   /nested/deeper/  -> dist/          (the same build from an arbitrary sub-path)
//   /some/path/      -> dist-subpath/  (trunk build --release --public-url /some/path/)
// The browser is Debian's chromium (/usr/bin/chromium); Playwright never downloads one.
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 4173);
// Other builds can be tested side by side: E2E_DIST / E2E_DIST_SUBPATH name their directories.
const dist = process.env.E2E_DIST ?? 'dist';
const distSubpath = process.env.E2E_DIST_SUBPATH ?? 'dist-subpath';

export default defineConfig({
  testDir: here,
  testMatch: '*.spec.mjs',
  outputDir: path.join(here, '.artifacts/test-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    // The app registers a service worker (offline use, crates/ui/src/web/offline.rs). It is blocked
    // here, so that every other spec sees the network as the page makes it (requests,
    // page.route); offline.spec.mjs allows it and tests it.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: [
      'node tests/e2e/serve.mjs',
      `--port ${port}`,
      `--mount /=${dist}`,
      `--mount /nested/deeper/=${dist}`,
      `--mount /some/path/=${distSubpath}`,
    ].join(' '),
    cwd: root,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 20_000,
  },
});
