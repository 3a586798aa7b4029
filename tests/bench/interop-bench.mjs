/**
 * Interop benchmark: import and export of a 10,000-note JEX by Folio in headless Chromium (real
 * IndexedDB), beside the Joplin CLI's own import and export of the same archive.
 *
 *   node tests/bench/interop-bench.mjs [--notes=10000] [--no-joplin]
 *
 * Targets: import <= 30 s with a flat heap (streamed: the peak heap growth stays well under the
 * archive's size times the number of copies a whole-file import would hold), export <= 15 s.
 * The Joplin CLI is the one the interop test installs (tests/interop/joplin), if present.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { rolldown } from 'rolldown';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../chromium-path.mjs';
import { serveBenchPage } from './bench-page.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const NOTES = Number(args.notes ?? 10000);
const TARGET = { importMs: 30_000, exportMs: 15_000 };

async function bundle(dir) {
  const build = await rolldown({
    input: join(ROOT, 'tests/bench/interop-bench-entry.ts'),
    resolve: { alias: { $lib: join(ROOT, 'src/lib') } },
    logLevel: 'silent'
  });
  await build.write({ file: join(dir, 'bench.mjs'), format: 'esm' });
}

function joplinTimes(jexPath) {
  const main = join(ROOT, 'tests/interop/joplin/node_modules/joplin/main.js');
  if ('no-joplin' in args || !existsSync(main)) return null;
  const profile = mkdtempSync(join(tmpdir(), 'folio-bench-joplin-'));
  const joplin = (...a) =>
    execFileSync(process.execPath, [main, '--profile', profile, ...a], { stdio: 'pipe', maxBuffer: 1 << 26 });
  joplin('config', 'sync.target', '0');
  let t = performance.now();
  joplin('import', jexPath, '--format', 'jex');
  const importMs = performance.now() - t;
  t = performance.now();
  joplin('export', '--format', 'jex', join(profile, 'out.jex'));
  const exportMs = performance.now() - t;
  rmSync(profile, { recursive: true, force: true });
  return { importMs, exportMs };
}

const s = (v) => `${(v / 1000).toFixed(1)} s`;
const mb = (v) => `${(v / 1048576).toFixed(1)} MB`;

const dir = mkdtempSync(join(tmpdir(), 'folio-interop-bench-'));
try {
  await bundle(dir);
  const mod = await import(pathToFileURL(join(dir, 'bench.mjs')).href);
  const jex = await mod.makeJex(NOTES);
  const jexPath = join(dir, 'bench.jex');
  writeFileSync(jexPath, jex);
  console.log(`archive: ${NOTES} notes, 20 notebooks, 2 tags, 100 links; ${mb(jex.length)}`);

  const server = await serveBenchPage(dir, 'interop bench');
  const browser = await chromium.launch({
    executablePath: chromiumPath() ?? undefined,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc']
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const result = await page.evaluate(
    async ({ bytes }) => {
      const mod = await import('/bench.mjs');
      const jex = await mod.makeJex(bytes);
      globalThis.gc?.();
      return mod.run(jex, `bench-${Date.now()}`);
    },
    { bytes: NOTES }
  );
  await browser.close();
  server.close();

  const growth = result.heapPeak - result.heapBase;
  const peer = joplinTimes(jexPath);
  // Flat: the live heap never grows by as much as the archive itself (a whole-file import holds it at least twice).
  const flat = growth < jex.length;
  const ok =
    flat &&
    result.importMs <= TARGET.importMs &&
    result.exportMs <= TARGET.exportMs &&
    result.notes === NOTES &&
    result.problems === 0;
  console.log(
    `Folio import  ${s(result.importMs).padStart(8)}  (target <= ${s(TARGET.importMs)})   Joplin CLI import  ${peer ? s(peer.importMs) : 'n/a'}`
  );
  console.log(
    `Folio export  ${s(result.exportMs).padStart(8)}  (target <= ${s(TARGET.exportMs)})   Joplin CLI export  ${peer ? s(peer.exportMs) : 'n/a'}`
  );
  console.log(
    `live JS heap during import: ${mb(result.heapBase)} before, peak ${mb(result.heapPeak)}: growth ${mb(growth)} (target < the archive, ${mb(jex.length)}) ${flat ? 'flat' : 'NOT FLAT'}`
  );
  console.log(
    `notes imported ${result.notes}/${NOTES}, problems ${result.problems}, export ${mb(result.exportBytes)}`
  );
  if (peer) console.log('(Joplin CLI times include its ~1.3 s start-up per command.)');
  console.log(ok ? 'PASS' : 'MISS');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
