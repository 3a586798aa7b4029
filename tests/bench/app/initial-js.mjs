/**
 * Initial JavaScript: the .js files a first visit fetches (empty cache, empty database) until the
 * app can create a note and the network is quiet, gzipped here with node:zlib (level 6, what servers commonly
 * use). The service worker is blocked for this load: it precaches the app after the first load,
 * off the critical path, and would blur which files the page itself asked for.
 * Peers: every .js file in the build, and the largest chunks, each marked loaded or not at start.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Strings found only in the heavy libraries' own code (checked against a build), to name chunks. */
const LIBRARIES = [
  ['web-llm', /tvmjs/],
  ['MCP SDK + zod', /McpError|Server does not support/],
  ['openai SDK', /OPENAI_API_KEY|OpenAIError/],
  ['anthropic SDK', /ANTHROPIC_API_KEY|anthropic-version/],
  // prosemirror-view's and prosemirror-model's own strings: the bare name is also in the start
  // chunk, where the editor component is imported on use and its stylesheet listed to preload.
  ['ProseMirror', /ProseMirror-hideselection|Invalid content for node/],
  ['Dexie', /Dexie/]
];

function jsFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) jsFiles(path, found);
    else if (name.endsWith('.js')) found.push(path);
  }
  return found;
}

/** Every .js file of the build: path from the root, raw and gzip bytes, libraries it holds. */
export function buildJs(dir) {
  return jsFiles(dir).map((file) => {
    const bytes = readFileSync(file);
    const text = bytes.toString('utf8');
    return {
      path: '/' + relative(dir, file).split('\\').join('/'),
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      libraries: LIBRARIES.filter(([, pattern]) => pattern.test(text)).map(([name]) => name)
    };
  });
}

/** The .js paths a first visit to `server.url` fetched, page and worker. */
export async function firstVisitJs(browser, server) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    server.requests.length = 0;
    await page.goto(server.url);
    // A first visit has no notes: the app is up once it can create one.
    await page.getByRole('button', { name: 'New note', exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return [...new Set(server.requests.filter((path) => path.endsWith('.js')))];
  } finally {
    await context.close();
  }
}
