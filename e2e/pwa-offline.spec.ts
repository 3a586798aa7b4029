import { expect, test, type Page } from '@playwright/test';

// The config blocks the service worker for speed; this spec is about it, so it runs.
test.use({ serviceWorkers: 'allow' });

/** The app shell, once rendered: its notebook tree. */
function appShell(page: Page) {
  return page.getByRole('navigation', { name: 'Notebooks' });
}

/** Waits until the app's service worker is active and controls the page. */
async function waitForServiceWorker(page: Page) {
  const registered = await page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))
    ]);
    return registration !== null;
  });
  expect(
    registered,
    'the app registers its service worker (registerServiceWorker() in the root layout)'
  ).toBe(true);
  // The worker claims open pages when it activates; a reload is the fallback if it has not yet.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('reloads the app with the browser offline after the first visit', async ({ page, context }) => {
  await page.goto('/');
  await expect(appShell(page)).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  // The service worker is offline too, so the shell below can only come from its cache.
  const worker = context.serviceWorkers()[0];
  expect(
    await worker.evaluate(() =>
      fetch('/', { cache: 'no-store' }).then(
        () => 'online',
        () => 'offline'
      )
    )
  ).toBe('offline');

  await page.reload();
  await expect(page).toHaveTitle('Folio');
  await expect(appShell(page)).toBeVisible();
});

test('precaches the app shell on the first visit', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('folio-shell-'));
    const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys())))
      .flat()
      .map((r) => new URL(r.url).pathname);
    const scripts = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (l) => new URL(l.href).pathname
    );
    return {
      shell: urls.includes('/'),
      manifest: urls.includes('/manifest.webmanifest'),
      missing: scripts.filter((s) => !urls.includes(s))
    };
  });
  expect(cached).toEqual({ shell: true, manifest: true, missing: [] });
});

test('links a web manifest whose icons load at their stated sizes', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
  expect(manifest).toMatchObject({ name: 'Folio', start_url: '/', display: 'standalone' });
  const pngs = (manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]).filter(
    (i) => i.type === 'image/png'
  );
  expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable'
  ]);
  for (const icon of pngs) {
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.src);
    expect(size, icon.src).toBe(icon.sizes);
  }
});
