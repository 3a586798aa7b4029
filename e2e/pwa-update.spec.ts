import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

// The config blocks the service worker for speed; this spec is about it, so it runs.
test.use({ serviceWorkers: 'allow' });

// These tests serve build/ the way a static host does (files, `200.html` for every other path, no
// CSP header), and can publish a "new version" of the service worker, which `vite preview` cannot.
const BUILD_DIR = fileURLToPath(new URL('../build/', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml'
};

let server: Server;
let origin: string;
/** Bumping this publishes a new service worker: its bytes change, so the browser installs it. */
let release = 1;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(BUILD_DIR, path);
    if (!file.startsWith(BUILD_DIR) || !existsSync(file) || path.endsWith('/'))
      file = join(BUILD_DIR, '200.html');
    let body = readFileSync(file);
    if (path === '/service-worker.js') body = Buffer.concat([body, Buffer.from(`\n// release ${release}\n`)]);
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache'
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function appShell(page: Page) {
  return page.getByRole('navigation', { name: 'Notebooks' });
}

async function openControlled(page: Page) {
  await page.goto(`${origin}/`);
  await expect(appShell(page)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('reloads offline from the cached fallback page of a static host', async ({ page, context }) => {
  await openControlled(page);
  await context.setOffline(true);
  await page.reload();
  await expect(appShell(page)).toBeVisible();
});

test('offers a new version and switches to it on Reload', async ({ page }) => {
  test.setTimeout(60_000);
  await openControlled(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Folio is ready' });
  await expect(prompt).toHaveCount(0);

  release += 1;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  // The prompt comes once the new worker has installed, which precaches the whole build (about 200
  // files): seconds on an idle machine, more than expect's default 5 s on a loaded one.
  await expect(prompt).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(appShell(page)).toBeVisible();
  const waiting = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null
  );
  expect(waiting).toBeNull();
});
