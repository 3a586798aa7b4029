#!/usr/bin/env node
/**
 * First-paint benchmark (issue 14): Lighthouse 13 on its default mobile preset (a mid-range phone,
 * 4× CPU slowdown, a slow 4G link, simulated throttling) against the BUILT app's first screen,
 * served from this process on a free loopback port with gzip as a real host would, in the
 * system's Chromium. Targets: Largest Contentful Paint ≤ 2.5 s, Cumulative Layout Shift ≤ 0.01.
 * Peer, in the same run and through the same server: a minimal static page (a heading and a
 * paragraph, no script), the floor this machine and the simulated phone give any page.
 *
 * Each page is measured `--runs` times (default 3) in a fresh Chromium (fresh profile: a first
 * visit, empty storage); the median run of each is printed, with the performance and
 * accessibility scores. Exit code 1 when a target is missed.
 *
 * Run: npm run bench:lighthouse [-- --runs=5] [--no-build]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, cpus } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../chromium-path.mjs';
import { ensureBuild, serveStatic, snapshotBuild } from './app/server.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const RUNS = Number(args.runs ?? 3);
const TARGET = { lcpMs: 2500, cls: 0.01 };
const PEER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Peer</title></head><body><h1>A minimal page</h1><p>One heading and one paragraph, no script, served like the app.</p></body></html>`;

/** One Lighthouse run of `url` in a fresh headless Chromium. */
async function measure(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? undefined,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility']
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpElement:
        lhr.audits['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node')?.nodeLabel ?? ''
    };
  } finally {
    await chrome.kill();
  }
}

/** The run with the median LCP (its other figures come from the same run). */
async function medianRun(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(url));
  runs.sort((a, b) => a.lcpMs - b.lcpMs);
  return { ...runs[Math.floor(runs.length / 2)], worstCls: Math.max(...runs.map((r) => r.cls)) };
}

const built = !('no-build' in args) && ensureBuild();
const snapshot = snapshotBuild();
writeFileSync(join(snapshot.dir, 'lighthouse-peer.html'), PEER_PAGE);
const server = await serveStatic(snapshot.dir, { gzip: true });
try {
  console.log(
    `Lighthouse mobile preset, ${RUNS} runs each, median by LCP${built ? ' (app rebuilt)' : ''}; load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`
  );
  const app = await medianRun(server.url);
  const peer = await medianRun(`${server.url}lighthouse-peer.html`);
  const row = (name, r) =>
    `${name.padEnd(14)} LCP ${(r.lcpMs / 1000).toFixed(2)} s  CLS ${r.cls.toFixed(3)} (worst ${r.worstCls.toFixed(3)})  FCP ${(r.fcpMs / 1000).toFixed(2)} s  TBT ${Math.round(r.tbtMs)} ms  performance ${r.performance}  accessibility ${r.accessibility}`;
  console.log(row('app', app));
  console.log(row('peer (static)', peer));
  console.log(`app LCP element: ${app.lcpElement || '(not reported)'}`);
  const lcpOk = app.lcpMs <= TARGET.lcpMs;
  const clsOk = app.worstCls <= TARGET.cls;
  console.log(
    `LCP ${(app.lcpMs / 1000).toFixed(2)} s, target ≤ ${TARGET.lcpMs / 1000} s, peer ${(peer.lcpMs / 1000).toFixed(2)} s: ${lcpOk ? 'met' : 'MISSED'}`
  );
  console.log(
    `CLS ${app.worstCls.toFixed(3)} (worst run), target ≤ ${TARGET.cls}, peer ${peer.worstCls.toFixed(3)}: ${clsOk ? 'met' : 'MISSED'}`
  );
  process.exitCode = lcpOk && clsOk ? 0 : 1;
} finally {
  await server.close();
  snapshot.remove();
}
