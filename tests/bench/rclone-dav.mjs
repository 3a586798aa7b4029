/**
 * A faster WebDAV peer for the sync benchmark: `rclone serve webdav` (Debian's rclone package, or
 * any rclone on PATH) on a temporary folder, behind a small Node front on loopback that answers
 * CORS preflights for the bench page, as the README's server snippets do. rclone 1.60 (Debian 12)
 * has no --allow-origin of its own, hence the front; it passes every other request through as is.
 *
 * npm's webdav-server, the test suite's server, lists and writes thousands of files far more slowly
 * (a PROPFIND of 300 files takes seconds), so at 10,000 notes it, not the clients, set the figures.
 * Same shape as tests/sync/dav-server.ts's server: url(), mkcol(), username, password, close().
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** rclone's version line when it is on PATH, else null. */
export function rcloneVersion() {
  const run = spawnSync('rclone', ['version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n')[0].trim() : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const CORS = {
  'Access-Control-Allow-Methods': 'GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, MOVE, COPY, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Depth, Destination, Overwrite, Cache-Control',
  'Access-Control-Max-Age': '600'
};

/** Starts rclone and its CORS front; resolves once rclone answers. */
export async function startRcloneDav() {
  const root = mkdtempSync(join(tmpdir(), 'folio-rclone-dav-'));
  const username = 'folio';
  const password = 'secret-pass';
  const backPort = await freePort();
  // ETags from modification time (to the nanosecond) and size: --etag-hash would hash every file of each listing.
  const rclone = spawn(
    'rclone',
    [
      'serve',
      'webdav',
      root,
      '--addr',
      `127.0.0.1:${backPort}`,
      '--user',
      username,
      '--pass',
      password,
      '--log-level',
      'ERROR'
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  );
  let errors = '';
  rclone.stderr.on('data', (d) => (errors += d));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const front = createServer((req, res) => {
    const origin = req.headers.origin;
    const cors = origin
      ? {
          'Access-Control-Allow-Origin': origin,
          Vary: 'Origin',
          'Access-Control-Expose-Headers': 'ETag, DAV'
        }
      : {};
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, { ...cors, ...CORS }).end();
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${backPort}` };
    delete headers.origin;
    const back = request(
      { host: '127.0.0.1', port: backPort, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(res);
      }
    );
    back.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, cors);
      res.end(String(error));
    });
    req.pipe(back);
  });
  await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${front.address().port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  for (let i = 0; ; i++) {
    try {
      if (
        (await fetch(`${origin}/`, { method: 'PROPFIND', headers: { Authorization: auth, Depth: '0' } }))
          .status < 500
      )
        break;
    } catch {
      // Not listening yet.
    }
    if (i > 100 || rclone.exitCode !== null) throw new Error(`rclone serve webdav did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    root,
    username,
    password,
    url: (path) => `${origin}/${path.replace(/^\/+/, '')}`,
    async mkcol(path) {
      const response = await fetch(`${origin}/${path.replace(/^\/+|\/+$/g, '')}/`, {
        method: 'MKCOL',
        headers: { Authorization: auth }
      });
      if (!response.ok && response.status !== 405) throw new Error(`MKCOL ${path}: ${response.status}`);
    },
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(() => resolve()));
      agent.destroy();
      rclone.kill();
      await new Promise((resolve) => (rclone.exitCode !== null ? resolve() : rclone.once('exit', resolve)));
      rmSync(root, { recursive: true, force: true });
    }
  };
}
