// The in-page transport: a page on an origin the user allowed embeds Folio in an iframe and is an
// MCP client of it over postMessage; a page on any other origin is refused. The embedder lives on
// another port of localhost: another origin of the same site, so the iframe sees the same notes
// (a cross-site iframe gets partitioned storage, and so other notes, in Chromium).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { openMcpSettings } from './mcp-helpers';
import { createNote, openApp } from './shell-helpers';

// The embedder: frames Folio, asks it for an MCP port (retrying until Folio is up), then speaks
// raw JSON-RPC over the port. `window.folio` exposes connect and call to the test.
const EMBEDDER_HTML = `<!doctype html><meta charset="utf-8"><title>Embedder</title>
<iframe id="folio" style="width:800px;height:600px"></iframe>
<script>
const params = new URLSearchParams(location.search);
const folioOrigin = params.get('folio');
const frame = document.getElementById('folio');
frame.src = folioOrigin + '/';
let port, nextId = 0;
const pending = new Map();
window.folio = {
  connect: () => new Promise((resolve) => {
    const ask = setInterval(() => frame.contentWindow.postMessage({ folioMcp: 'connect' }, folioOrigin), 300);
    addEventListener('message', function onMessage(event) {
      if (event.source !== frame.contentWindow || event.origin !== folioOrigin) return;
      if (event.data?.folioMcp === 'refused') { clearInterval(ask); removeEventListener('message', onMessage); resolve('refused: ' + event.data.reason); }
      if (event.data?.folioMcp === 'connected') {
        clearInterval(ask); removeEventListener('message', onMessage);
        port = event.ports[0];
        port.onmessage = (e) => { const p = pending.get(e.data.id); if (p) { pending.delete(e.data.id); p(e.data); } };
        resolve('connected');
      }
    });
  }),
  call: (method, params) => new Promise((resolve) => { const id = ++nextId; pending.set(id, resolve); port.postMessage({ jsonrpc: '2.0', id, method, params }); }),
  notify: (method) => port.postMessage({ jsonrpc: '2.0', method })
};
</script>`;

let embedder: http.Server;
let embedderOrigin: string;
test.beforeEach(async () => {
  embedder = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(EMBEDDER_HTML);
  });
  await new Promise<void>((resolve) => embedder.listen(0, 'localhost', resolve));
  embedderOrigin = `http://localhost:${(embedder.address() as AddressInfo).port}`;
});
test.afterEach(() => new Promise<void>((resolve) => embedder.close(() => resolve())));

async function allowEmbedder(page: Page, origin: string) {
  const dialog = await openMcpSettings(page);
  const field = dialog.getByRole('textbox', { name: 'Pages allowed to embed Folio as an MCP server' });
  await field.fill(origin);
  await field.press('Tab');
  await page.keyboard.press('Escape');
  // The field saves on change, in an IndexedDB write that can wait behind the worker's start-up
  // reads; navigating away before it commits aborts it. Settings opened again show the stored
  // value only once it has committed, so wait for that, as a user reopening them would see it.
  const again = await openMcpSettings(page);
  await expect(
    again.getByRole('textbox', { name: 'Pages allowed to embed Folio as an MCP server' })
  ).toHaveValue(origin);
  await page.keyboard.press('Escape');
}

async function openEmbedder(page: Page, folioOrigin: string) {
  await page.goto(`${embedderOrigin}/?folio=${encodeURIComponent(folioOrigin)}`);
  return page.evaluate(() => (window as any).folio.connect() as Promise<string>);
}

test('an allowed embedding page initializes and searches the notes', async ({ page, baseURL }) => {
  await openApp(page);
  await createNote(page, 'Embedded reading', 'Seen from the parent page.');
  await allowEmbedder(page, embedderOrigin);
  expect(await openEmbedder(page, new URL(baseURL!).origin)).toBe('connected');
  const init = await page.evaluate(() =>
    (window as any).folio.call('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'embedder', version: '1' }
    })
  );
  expect(init.result.serverInfo.name).toBe('folio');
  await page.evaluate(() => (window as any).folio.notify('notifications/initialized'));
  const search = await page.evaluate(() =>
    (window as any).folio.call('tools/call', { name: 'search_notes', arguments: { query: 'parent' } })
  );
  expect(search.result.structuredContent.results[0].title).toBe('Embedded reading');
});

test('a page on an origin the user did not allow is refused', async ({ page, baseURL }) => {
  await openApp(page);
  await allowEmbedder(page, 'https://someone-else.example');
  expect(await openEmbedder(page, new URL(baseURL!).origin)).toMatch(
    /^refused: Folio does not allow MCP clients from http:\/\/localhost:/
  );
});
