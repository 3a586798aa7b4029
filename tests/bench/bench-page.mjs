// A page for a browser benchmark: serves its bundled code at /bench.mjs beside an empty page, on
// loopback (port 0). Resolves with the server; the page's URL is http://127.0.0.1:PORT/.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Serves `dir`/bench.mjs and an empty page titled `title`. */
export function serveBenchPage(dir, title) {
  const server = createServer((req, res) => {
    if (req.url === '/bench.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(readFileSync(join(dir, 'bench.mjs')));
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>${title}</title>`);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
