/**
 * The built app for the app benchmark: rebuilt only when build/ is missing or older than its
 * sources, then copied to a private directory (other work may rebuild build/ while the benchmark
 * runs) and served by a tiny static server in this process, which also logs every path asked for.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = [
  'src',
  'workers',
  'static',
  'build-plugins',
  'svelte.config.js',
  'vite.config.ts',
  'package-lock.json'
];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm'
};

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Runs `vite build` when build/ is missing or older than a source; returns whether it built. */
export function ensureBuild() {
  const built = statSync(join(ROOT, 'build/200.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...SOURCES.map((p) => newestMtime(join(ROOT, p))));
  if (built > sources) return false;
  const run = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit']
  });
  if (run.status !== 0) throw new Error('vite build failed');
  return true;
}

/** A private copy of build/, so a concurrent rebuild cannot change files under the benchmark. */
export function snapshotBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-app-bench-'));
  cpSync(join(ROOT, 'build'), dir, { recursive: true });
  if (!existsSync(join(dir, '200.html'))) throw new Error('build/ has no 200.html');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Serves `dir` on a loopback port (`port`, else a free one): files as they are, any other path gets 200.html (the SPA
 * fallback), hashed files under /_app/immutable/ are cacheable for good as on a real host.
 * `requests` lists every path asked for, so a test can see what a page load fetched. With
 * `gzip`, text is sent compressed to clients that accept it, as any real static host does (the
 * Lighthouse benchmark's simulated network counts bytes on the wire).
 */
export function serveStatic(dir, { gzip = false, port = 0 } = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = join(dir, '200.html');
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    headers['cache-control'] = path.startsWith('/_app/immutable/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    let bytes = readFileSync(file);
    if (
      gzip &&
      /^(text|application\/(json|manifest))/.test(headers['content-type']) &&
      /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    ) {
      bytes = gzipSync(bytes);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers);
    res.end(bytes);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}/`;
      resolve({ url, requests, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
