// Shared by the browser-side MCP scripts (conformance, benchmark): serve build/ with vite preview
// on a free port, and open it in headless Chromium paired with a bridge through Settings → MCP.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../chromium-path.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `vite preview` of build/ on a free port; resolves with its URL once it answers. */
export async function serveBuild() {
  if (!existsSync(`${ROOT}build/200.html`)) throw new Error('No build/ here: run `npx vite build` first.');
  const port = await freePort();
  // vite itself, not through npx: killing npx would leave its vite child serving.
  const vite = `${ROOT}node_modules/vite/bin/vite.js`;
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: ROOT, stdio: 'ignore' }
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill();
  throw new Error(`vite preview did not answer at ${url}`);
}

/** Opens the app and pairs it with the bridge through Settings, as the README says. */
export async function openPairedTab(appUrl, bridge, pairingToken, { allowTools = [] } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(appUrl);
  await page.getByRole('button', { name: 'New note', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // Settings shows one section at a time.
  await dialog
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('button', { name: 'Desktop apps (MCP)' })
    .click();
  await dialog.getByRole('textbox', { name: 'Bridge URL' }).fill(bridge.url.replace(/\/mcp$/, ''));
  await dialog.getByRole('textbox', { name: 'Pairing token' }).fill(pairingToken);
  await dialog.getByRole('textbox', { name: 'Pairing token' }).press('Tab');
  await dialog.getByRole('checkbox', { name: 'Allow desktop MCP clients' }).check();
  for (let i = 0; i < 100 && !bridge.tabConnected; i++) await new Promise((r) => setTimeout(r, 100));
  if (!bridge.tabConnected) throw new Error('The tab did not connect to the bridge.');
  const tools = dialog.getByRole('group', { name: 'Tools MCP clients may use' });
  for (const id of allowTools) await tools.getByRole('switch', { name: id, exact: true }).check();
  return { browser, page };
}
