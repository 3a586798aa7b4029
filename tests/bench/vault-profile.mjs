/**
 * bench:vault's `--profile` mode: a persistent Chromium profile holding an imported vault, kept in
 * the temp folder between runs so that timing starts costs seconds, not the minutes an import of
 * 50,000 notes takes. The profile is made again whenever what it was made from changes: the build
 * (its sources), the corpus, the origin it was served at, or the browser.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { snapshotCoversLog } from '../search-snapshot-probe.mjs';
import { ROOT } from './app/server.mjs';
import { importThroughDialog, until } from './vault-timing.mjs';

const ARCHIVES_SOURCE = new URL('../vault-archives.mjs', import.meta.url);

/** Every file under `dir`, sorted, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(dir, join(prefix, e.name)) : [join(prefix, e.name)]))
    .sort();
}

/** What the build is made from (server.mjs rebuilds from these; tests beside the code are left out). */
const BUILD_SOURCES = ['src', 'workers', 'static', 'svelte.config.js', 'vite.config.ts', 'package-lock.json'];

/**
 * What a kept profile must have been made from to be used again. The build is known by its
 * sources, not its files: two builds of the same sources differ in SvelteKit's version stamp,
 * which renames chunks.
 */
function profileKey({ corpus, url, launch }) {
  const hash = createHash('sha256');
  for (const source of BUILD_SOURCES) {
    const path = join(ROOT, source);
    const files = statSync(path).isDirectory() ? filesUnder(path).map((f) => join(source, f)) : [source];
    for (const file of files.filter((f) => !/\.test\.ts$/.test(f)))
      hash.update(file).update(readFileSync(join(ROOT, file)));
  }
  hash.update(readFileSync(ARCHIVES_SOURCE));
  const browser = launch.executablePath ?? '';
  hash.update(`${corpus}\n${url}\n${browser}\n${browser && statSync(browser).mtimeMs}`);
  return hash.digest('hex');
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

async function openProfile(profileDir, launch) {
  const context = await chromium.launchPersistentContext(profileDir, { ...launch, serviceWorkers: 'block' });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * Runs `run(page, cdp, first)` in the kept profile of `corpus` (importing `bytes`, file `name`,
 * first when there is none or it is out of date); `first` is the browser's first navigation to the
 * app, `cdp()` opens a DevTools session that sees the page's workers. Resolves to what `run` did,
 * with the import's figures (its time only when this run imported).
 */
export async function startsInProfile({ launch, url, corpus, name, bytes, run }) {
  const dir = join(tmpdir(), 'folio-vault-profile', corpus);
  const profileDir = join(dir, 'profile');
  const keyFile = join(dir, 'made-from.json');
  const key = profileKey({ corpus, url, launch });
  let kept = readJson(keyFile);
  let importMs;
  if (kept?.key !== key) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    const { context, page } = await openProfile(profileDir, launch);
    try {
      await page.goto(url);
      const imported = await importThroughDialog(page, name, bytes);
      // The worker indexes what the import wrote, then saves its snapshot a few seconds later.
      await until(() => snapshotCoversLog(page), 1_800_000, 'the search snapshot');
      importMs = imported.importMs;
      kept = { key, complete: imported.complete, notesLine: imported.notesLine };
    } finally {
      await context.close();
    }
    // Written last: a profile whose import was cut off is never taken for a finished one.
    writeFileSync(keyFile, JSON.stringify(kept));
  }
  const { context, page } = await openProfile(profileDir, launch);
  try {
    const result = await run(
      page,
      () => context.newCDPSession(page),
      () => page.goto(url, { waitUntil: 'commit' })
    );
    // The peer's start dropped the snapshot: the next run must find it stored again.
    await until(() => snapshotCoversLog(page), 1_800_000, 'the search snapshot saved again');
    return { ...result, importMs, complete: kept.complete, notesLine: kept.notesLine };
  } finally {
    await context.close();
  }
}
