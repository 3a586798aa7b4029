/**
 * Which files the service worker precaches and which it leaves to first use. Kept out of
 * src/service-worker.ts so the rules can be tested in Node.
 */

/** web-llm's chunk (about 7 MB) is only needed once the user picks an in-browser model. */
export const LAZY_CHUNK_PATTERN = /web-?llm/i;
/** Files bigger than this are left to the runtime cache: most sessions never load them. */
export const MAX_PRECACHE_BYTES = 1024 * 1024;

/** What the service worker caches, from SvelteKit's `$service-worker` lists. */
export interface CachePlan {
  /** Every file of this version; served from a cache, or fetched and cached on first use. */
  appFiles: Set<string>;
  /** The files fetched at install: the app shell. */
  precache: string[];
  /** The build's own files: the runtime cache is pruned to these on activation. */
  buildFiles: Set<string>;
  /** The key of the page every navigation falls back to offline. */
  shellKey: string;
  /** Where the shell is fetched from at install, in order: `/`, then the static adapter's fallback. */
  shellSources: string[];
}

/** Plans the caches for one version. `base` is SvelteKit's base path ('' at the root). */
export function planCaches(build: readonly string[], files: readonly string[], base: string): CachePlan {
  // Not content-hashed: SvelteKit polls it to learn about new versions, so it must hit the network.
  const versionFile = `${base}/_app/version.json`;
  const buildFiles = new Set(build.filter((path) => path !== versionFile));
  const appFiles = new Set([...buildFiles, ...files]);
  return {
    appFiles,
    precache: [...appFiles].filter((path) => !LAZY_CHUNK_PATTERN.test(path)),
    buildFiles,
    shellKey: `${base}/`,
    shellSources: [`${base}/`, `${base}/200.html`]
  };
}

/** Whether a response of this Content-Length is too big to precache (unknown lengths are not). */
export function tooBigToPrecache(contentLength: string | null): boolean {
  return contentLength !== null && Number(contentLength) > MAX_PRECACHE_BYTES;
}
