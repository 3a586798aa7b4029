/**
 * A real WebDAV server on loopback for sync tests: npm's webdav-server (v2, Basic authentication,
 * files on disk in a temporary folder, so a test can look at exactly what was written), behind a
 * small front that answers CORS preflights for the app's origin (as the README's server snippets
 * do) and can inject faults: an HTTP status for matching requests, or a dropped connection.
 * Joplin's CLI syncs with the same server in the interop tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webdav from 'webdav-server';

const { v2 } = webdav;

/** A fault: requests matching `method` (any when absent) and `path` answer `status`, or are dropped. */
export interface Fault {
  method?: string;
  path?: RegExp;
  /** The HTTP status to answer instead of serving; absent with `drop`. */
  status?: number;
  /** Cut the connection without an answer (after reading the request). */
  drop?: boolean;
  /** Serve the request normally, but only after this many ms (a slow server). */
  delayMs?: number;
  /** How many matching requests it applies to (default: all until removed). */
  times?: number;
  /** How many matching requests pass untouched before it applies. */
  skip?: number;
}

/** A running server. */
export interface DavServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The files on disk. */
  root: string;
  username: string;
  password: string;
  /** Every request served, as "METHOD /path". */
  log: string[];
  faults: Fault[];
  /** The URL of a folder on the server (created with MKCOL by `mkcol`). */
  url(path: string): string;
  mkcol(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of startDavServer. */
export interface DavServerOptions {
  /** Origins whose CORS preflights are answered (default any). Empty: refuse every preflight. */
  allowOrigins?: string[] | null;
  port?: number;
  /** The account's password (default ASCII: Joplin encodes non-ASCII Basic credentials as latin1). */
  password?: string;
}

/** Starts a server on loopback (port 0 unless given). */
export async function startDavServer(options: DavServerOptions = {}): Promise<DavServer> {
  const root = mkdtempSync(join(tmpdir(), 'folio-dav-'));
  mkdirSync(join(root, 'files'));
  const username = 'folio';
  const password = options.password ?? 'secret-pass';
  const users = new v2.SimpleUserManager();
  const user = users.addUser(username, password, false);
  const privileges = new v2.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const dav = new v2.WebDAVServer({
    httpAuthentication: new v2.HTTPBasicAuthentication(users, 'folio-test'),
    privilegeManager: privileges,
    rootFileSystem: new v2.PhysicalFileSystem(join(root, 'files'))
  });
  const log: string[] = [];
  const faults: Fault[] = [];
  const allow = options.allowOrigins === undefined ? null : options.allowOrigins;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const originAllowed = origin && (allow === null || allow.includes(origin));
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (originAllowed) {
        res.writeHead(204, corsHeaders(origin!, true));
      } else {
        res.writeHead(204);
      }
      res.end();
      return;
    }
    if (origin && !originAllowed) {
      // Served, but without CORS headers: a browser refuses to let the page read the answer.
      res.setHeader('Access-Control-Allow-Origin', 'https://not-this-origin.example');
    } else if (originAllowed) {
      for (const [key, value] of Object.entries(corsHeaders(origin!, false))) res.setHeader(key, value);
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    log.push(`${req.method} ${path}`);
    const fault = faults.find((f) => {
      if ((f.method && f.method !== req.method) || (f.path && !f.path.test(path)) || (f.times ?? 1) <= 0)
        return false;
      if (!f.skip) return true;
      f.skip--;
      return false;
    });
    if (fault?.delayMs) {
      if (fault.times !== undefined) fault.times--;
      setTimeout(() => serve(req, res), fault.delayMs);
      return;
    }
    if (fault) {
      if (fault.times !== undefined) fault.times--;
      req.resume();
      req.on('end', () => {
        if (fault.drop) res.socket?.destroy();
        else
          res
            .writeHead(fault.status ?? 500, { 'Content-Type': 'text/plain' })
            .end(`Injected fault ${fault.status}`);
      });
      return;
    }
    serve(req, res);
  });
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // webdav-server sets `Access-Control-Allow-Origin: *` on everything; the front decides instead.
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      /^access-control-/i.test(name) ? res : setHeader(name, value);
    dav.executeRequest(req, res);
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return {
    origin,
    root: join(root, 'files'),
    username,
    password,
    log,
    faults,
    url: (path) => `${origin}/${path.replace(/^\/+/, '')}`,
    async mkcol(path) {
      const response = await fetch(`${origin}/${path.replace(/^\/+|\/+$/g, '')}/`, {
        method: 'MKCOL',
        headers: { Authorization: auth }
      });
      if (!response.ok && response.status !== 405) throw new Error(`MKCOL ${path}: ${response.status}`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    }
  };
}

function corsHeaders(origin: string, preflight: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    'Access-Control-Expose-Headers': 'ETag, DAV'
  };
  if (preflight) {
    headers['Access-Control-Allow-Methods'] = 'GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, MOVE, COPY, OPTIONS';
    headers['Access-Control-Allow-Headers'] =
      'Authorization, Content-Type, Depth, Destination, Overwrite, Cache-Control';
    headers['Access-Control-Max-Age'] = '600';
  }
  return headers;
}
