/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/**
 * Folio's service worker: the app works offline after its first load.
 *
 * - Install precaches the app shell: the build's files and `static/`, except the big lazily loaded
 *   chunks (web-llm, anything over 1 MB), plus the page every navigation gets (`/`, or the static
 *   adapter's `200.html` where the host serves no `/`). A new version installs beside the old one and
 *   waits: the page shows "A new version of Folio is ready" and posts SKIP_WAITING when the user
 *   reloads (src/lib/pwa), so a tab never runs old HTML against new chunks.
 * - Precached files are served cache-first (their names are content-hashed); the left-out chunks are
 *   cached on first use in a runtime cache that outlives versions and is pruned to the current build.
 * - Navigations go to the network first and fall back to the cached shell when offline.
 * - Other origins (model endpoints, plugin fetches) and non-GET requests are never touched.
 */
import { base, build, files, version } from '$service-worker';
// The module itself, not `$lib/pwa`: that index pulls in Svelte components the worker must not load.
import { planCaches, tooBigToPrecache } from '$lib/pwa/cache-plan';

const sw = self as unknown as ServiceWorkerGlobalScope;

const SHELL_CACHE = `folio-shell-${version}`;
const SHELL_CACHE_PREFIX = 'folio-shell-';
const RUNTIME_CACHE = 'folio-runtime';
const plan = planCaches(build, files, base);

sw.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(cleanUp().then(() => sw.clients.claim()));
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (plan.appFiles.has(url.pathname)) event.respondWith(fromCaches(event));
  else if (request.mode === 'navigate') event.respondWith(networkThenShell(request));
});

async function precache(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(plan.precache.map((path) => precacheOne(cache, path)));
  await cache.put(plan.shellKey, await fetchShell());
}

/** Caches one file unless it turns out to be big; any failure fails the install (no half shell). */
async function precacheOne(cache: Cache, path: string): Promise<void> {
  const response = await fetch(path, { cache: 'reload' });
  if (!response.ok) throw new Error(`Precaching ${path} failed: HTTP ${response.status}`);
  if (tooBigToPrecache(response.headers.get('content-length'))) {
    await response.body?.cancel();
    return;
  }
  await cache.put(path, response);
}

/** The page for navigations: `/` where the server renders it, else the static adapter's fallback. */
async function fetchShell(): Promise<Response> {
  for (const path of plan.shellSources) {
    const response = await fetch(path, { cache: 'reload' });
    if (response.ok) return response;
  }
  throw new Error('Precaching the app shell failed: neither / nor /200.html answered');
}

async function cleanUp(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
  }
  // Keep runtime-cached chunks the current build still uses (web-llm rarely changes), drop the rest.
  const runtime = await caches.open(RUNTIME_CACHE);
  for (const request of await runtime.keys()) {
    if (!plan.buildFiles.has(new URL(request.url).pathname)) await runtime.delete(request);
  }
}

/** Precached first, then the runtime cache; a file in neither is fetched and kept for next time. */
async function fromCaches(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cached =
    (await caches.match(request, { cacheName: SHELL_CACHE })) ??
    (await caches.match(request, { cacheName: RUNTIME_CACHE }));
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(RUNTIME_CACHE).then((cache) => cache.put(request, copy)));
  }
  return response;
}

async function networkThenShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(plan.shellKey, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}
