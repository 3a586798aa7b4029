import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from './tests/chromium-path.mjs';

// E2E_PORT lets a second checkout run its browser tests beside a running preview.
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Four on a 2-core machine: the browser tests keep both cores nearly busy (the machine's busy time
  // over a run, not the runner's CPU, which misses Chromium's renderer processes); npm test runs
  // the single-threaded checks beside them. Each test has its own browser context, so the count
  // changes no test's state.
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a loaded machine (a shared or slow CI runner): every wait is for a
  // condition, so a larger budget costs nothing when the condition comes; it only lets a page that
  // starts in 8 s instead of 2 s pass. At load 16, expect's default 5 s missed the app's first start
  // and a model list, and 30 s missed a test that imports, reloads and searches.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs about a third of a test's CPU (a DOM snapshot per action, a screencast),
    // so it is kept for the retry of a failure on CI; locally, rerun a failing test with `--trace on`.
    trace: 'on-first-retry',
    // The service worker precaches the whole build (about 200 files) in every new context, work that
    // competes with the test for the CPU; only the specs about the installed app (pwa-*) let it run.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS }
  },
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort`,
    port: PORT,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000
  }
});
