#!/usr/bin/env node
/**
 * Agent overhead per step (issue 4): p95 ≤ 5 ms in headless Chromium with a zero-latency model.
 *
 * The real workspace-worker services (IndexedDB with 300 notes, tool registry, built-in tools) and
 * the real agent API run in a module worker; the model answers at once with a `read_note` call seven
 * times, then a text (8 model calls a turn). The page runs turns over Comlink with a proxied listener,
 * as the chat does. Figures:
 *  - per step: a turn's wall time on the page divided by its 8 steps (tool list, prompt, fitting,
 *    dispatch and run of read_note against IndexedDB, callbacks, the turn's worker round trip);
 *  - in-worker gap: from the end of one model call to the start of the next, inside the worker;
 *  - peer: a bare Comlink ping round trip to the same worker, measured in the same run.
 * Then a focused 100 KB note (focused.ts), drawn with the editor's stylesheets: session-tool calls
 * streamed as drafts into a real editor, the main-thread work per step against the same target,
 * beside a build of the same page with the per-document serialisation cache turned off (the
 * uncached path), measured in the same run; the cached page again with the chat's message box
 * focused (focused.ts, `?composer`); and the browser's rendering of the frames after that work.
 * Each part prints the machine's load average beside its figures.
 * Bundled on the fly with rolldown (a vite dependency), served from a local port.
 *
 * Run: node tests/bench/agent-overhead.mjs   (exit code 1 when the target is missed)
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../chromium-path.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = join(ROOT, 'tests/bench/agent-overhead');
const TARGET_P95_MS = 5;

/** The switch serialize.ts reads; the uncached copy of the focused page is built with it off. */
const CACHE_FLAG = /const CACHE_SERIALIZATIONS = true;/;

/** Builds serialize.ts with its per-document cache off, failing loudly if the switch moved. */
const uncachedSerializer = {
  name: 'uncached-serializer',
  transform(code, id) {
    if (!id.endsWith('/editor/serialize.ts')) return null;
    if (!CACHE_FLAG.test(code))
      throw new Error(
        'serialize.ts no longer has `const CACHE_SERIALIZATIONS = true;`: update the benchmark.'
      );
    return code.replace(CACHE_FLAG, 'const CACHE_SERIALIZATIONS = false;');
  }
};

/**
 * Stylesheets imported from code (KaTeX's, by the editor's lazy math) are left out of the bundles;
 * the focused pages get the editor's own stylesheets instead (editorStyles), as the app loads them.
 */
const noStylesheets = {
  name: 'no-stylesheets',
  resolveId: (source) => (source.endsWith('.css') ? '\0stylesheet' : null),
  load: (id) => (id === '\0stylesheet' ? 'export {};' : null)
};

/**
 * The editor's stylesheets as one `<style>` (their `@import`s of packages inlined): how the note is
 * laid out and drawn decides what each change to it costs the browser.
 */
function editorStyles() {
  const inline = (path) =>
    readFileSync(path, 'utf8').replace(/@import '([^']+)';/g, (_, name) =>
      readFileSync(join(ROOT, 'node_modules', name), 'utf8')
    );
  const sheets = ['src/lib/editor/editor.css', 'src/lib/editor/review/review.css'];
  return `<style>${sheets.map((sheet) => inline(join(ROOT, sheet))).join('\n')}</style>`;
}

async function bundle(dir) {
  const entries = [
    { name: 'worker', input: 'worker.ts' },
    { name: 'page', input: 'page.ts' },
    { name: 'focused', input: 'focused.ts' },
    { name: 'focused-uncached', input: 'focused.ts', plugins: [uncachedSerializer] }
  ];
  for (const { name, input, plugins = [] } of entries) {
    const build = await rolldown({
      input: join(HERE, input),
      plugins: [noStylesheets, ...plugins],
      resolve: { alias: { $lib: join(ROOT, 'src/lib') } },
      transform: { define: { 'process.env.NODE_ENV': '"production"' } },
      logLevel: 'silent'
    });
    await build.write({
      dir,
      entryFileNames: `${name}.js`,
      chunkFileNames: `${name}-[hash].js`,
      format: 'esm'
    });
    if (name !== 'worker')
      writeFileSync(
        join(dir, `${name === 'page' ? 'index' : name}.html`),
        `<!doctype html><meta charset="utf-8">${name === 'page' ? '' : editorStyles()}<script type="module" src="./${name}.js"></script>`
      );
  }
}

function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const path = join(dir, new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
    let content;
    try {
      content = readFileSync(path);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(content);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const fmt = (ms) => `${ms.toFixed(2)} ms`;
/** The machine's load average over the last minute (the figures are wall-clock times). */
const load = () => loadavg()[0].toFixed(2);

const dir = mkdtempSync(join(tmpdir(), 'folio-agent-bench-'));
let server;
let browser;
try {
  await bundle(dir);
  server = await serve(dir);
  browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });
  const base = `http://127.0.0.1:${server.address().port}`;
  /** Opens one of the bench pages in a fresh page and waits for its figures. */
  const measure = async (path) => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`${base}/${path}`);
    const figures = await page.evaluate(() => window.bench);
    await page.close();
    return figures;
  };
  const loadBefore = load();
  const r = await measure('');
  const ok = r.perStep.p95 <= TARGET_P95_MS;
  console.log(
    `Agent overhead, ${r.turns} turns of ${r.steps} steps (read_note on 300 notes), headless Chromium, load average ${loadBefore} → ${load()}`
  );
  console.log(
    `  per step      p50 ${fmt(r.perStep.p50)}  p95 ${fmt(r.perStep.p95)}   target p95 ≤ ${TARGET_P95_MS} ms  ${ok ? 'OK' : 'MISSED'}`
  );
  console.log(
    `  in-worker gap p50 ${fmt(r.gap.p50)}  p95 ${fmt(r.gap.p95)}   (between model calls, inside the worker)`
  );
  console.log(
    `  peer: ping    p50 ${fmt(r.ping.p50)}  p95 ${fmt(r.ping.p95)}   (bare Comlink round trip, same worker)`
  );
  console.log(`  listener events received: ${r.events}`);

  const focusedLoad = load();
  const f = await measure('focused.html');
  const u = await measure('focused-uncached.html');
  const c = await measure('focused.html?composer');
  const focusedOk = f.perStep.p95 <= TARGET_P95_MS;
  console.log(
    `\nFocused note of ${(f.noteChars / 1000).toFixed(0)} KB with the editor's stylesheets, ${f.turns} turns of ${f.steps} session-tool steps, each streamed (${f.draftFramesPerStep.toFixed(1)} draft frames a step), load average ${focusedLoad} → ${load()}`
  );
  console.log(`  session-tool work per step (main thread: the call + its draft frames)`);
  console.log(
    `    cached        p50 ${fmt(f.perStep.p50)}  p95 ${fmt(f.perStep.p95)}   target p95 ≤ ${TARGET_P95_MS} ms  ${focusedOk ? 'OK' : 'MISSED'}`
  );
  console.log(
    `    peer: uncached p50 ${fmt(u.perStep.p50)}  p95 ${fmt(u.perStep.p95)}   (the same build, serialising afresh each time)`
  );
  console.log(
    `    composer focused p50 ${fmt(c.perStep.p50)}  p95 ${fmt(c.perStep.p95)}   ${c.perStep.p95 <= TARGET_P95_MS ? 'within' : 'over'} the target   (cached, the selection in the chat's message box as after typing there, as in every turn the chat starts: the note's layout waits for the frame)`
  );
  console.log(
    `    of which the view's updates: cached p50 ${fmt(f.viewPerStep.p50)}, uncached p50 ${fmt(u.viewPerStep.p50)}   (decorations and DOM of the suggestions)`
  );
  console.log(
    `  the browser's rendering per step: cached p50 ${fmt(f.renderPerStep.p50)}  p95 ${fmt(f.renderPerStep.p95)};  composer focused p50 ${fmt(c.renderPerStep.p50)}  p95 ${fmt(c.renderPerStep.p95)}   (style, layout and paint of the frames, after the page's work; not in the figures above)`
  );
  console.log(
    `  streamed text shown late by p50 ${fmt(f.lag.p50)}  p95 ${fmt(f.lag.p95)}   (cached; a piece's arrival to the drawing that shows it; uncached p50 ${fmt(u.lag.p50)}  p95 ${fmt(u.lag.p95)})`
  );
  console.log(
    `  in-worker gap  cached p50 ${fmt(f.gap.p50)}  p95 ${fmt(f.gap.p95)};  uncached p50 ${fmt(u.gap.p50)}  p95 ${fmt(u.gap.p95)}   (the session call's round trip included)`
  );
  process.exitCode = ok && focusedOk ? 0 : 1;
} finally {
  await browser?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
}
