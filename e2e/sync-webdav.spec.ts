// Sync over WebDAV in the built app: a WebDAV server on loopback started by the test, set up in
// Settings → Sync as a new user would; two browser profiles share notes through it; faults show
// in words with Retry; an encrypted or CORS-refusing target is explained and left untouched.
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDavServer, type DavServer } from '../tests/sync/dav-server';
import { body, createNote, notesList, openApp } from './shell-helpers';
import { closeSettings, configureWebDav, openSettings, syncNow, syncOnce } from './sync-helpers';

// Several syncs per test, each a handful of requests: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

let server: DavServer;
let n = 0;
const folder = () => `e2e-${Date.now()}-${++n}`;

test.beforeAll(async () => {
  server = await startDavServer();
});
test.afterAll(async () => server.close());

test('sets up sync in Settings and shares notes between two browser profiles', async ({ browser }) => {
  const name = folder();
  await server.mkcol(name);
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await openApp(pageA);
  await openApp(pageB);
  await createNote(pageA, 'Written in profile A', 'Hello from A');

  const dialog = await configureWebDav(pageA, server, name);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'It is empty' })).toBeVisible();
  await syncNow(pageA);
  expect(readdirSync(join(server.root, name))).toContain('info.json');
  await closeSettings(pageA);

  await configureWebDav(pageB, server, name);
  await syncNow(pageB);
  await closeSettings(pageB);
  await notesList(pageB)
    .getByRole('option', { name: /^Written in profile A/ })
    .click();
  await expect(body(pageB)).toContainText('Hello from A');

  await body(pageB).click();
  await pageB.keyboard.press('End');
  await pageB.keyboard.type(' and B');
  await expect(pageB.getByRole('toolbar', { name: 'Note' }).getByRole('status')).toHaveText('Saved');
  await syncOnce(pageB);
  await syncOnce(pageA);
  await expect(body(pageA)).toContainText('Hello from A and B');
  await a.close();
  await b.close();
});

test('says when the password is wrong, and Retry syncs once it is fixed', async ({ page }) => {
  const name = folder();
  await server.mkcol(name);
  await openApp(page);
  const dialog = await configureWebDav(page, server, name, 'wrong');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('alert')).toContainText('refused the user name or password');
  await dialog.getByLabel('Password', { exact: true }).fill(server.password);
  await dialog.getByLabel('Password', { exact: true }).blur();
  await dialog.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByText(/^Last synced/)).toBeVisible({ timeout: 30_000 });
});

test('refuses a target with end-to-end encryption and writes nothing there', async ({ page }) => {
  const name = folder();
  await server.mkcol(name);
  writeFileSync(
    join(server.root, name, 'info.json'),
    JSON.stringify({ version: 3, e2ee: { value: true, updatedTime: 1 }, masterKeys: [{ id: 'k' }] })
  );
  await openApp(page);
  await createNote(page, 'Secret', 'stays here');
  const dialog = await configureWebDav(page, server, name);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('alert')).toContainText('end-to-end encryption');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('alert')).toContainText('wrote nothing there');
  expect(readdirSync(join(server.root, name))).toEqual(['info.json']);
});

test('explains a server that refuses Folio\u2019s origin (CORS) with the snippet to fix it', async ({
  page
}) => {
  const strict = await startDavServer({ allowOrigins: [] });
  try {
    await openApp(page);
    await strict.mkcol('joplin');
    const dialog = await configureWebDav(page, strict, 'joplin');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('does not allow Folio');
    await expect(alert).toContainText(`rclone serve webdav`);
    await expect(alert).toContainText(`--allow-origin ${new URL(page.url()).origin}`);
    await expect(alert).toContainText('Access-Control-Allow-Origin');
  } finally {
    await strict.close();
  }
});

test('syncs by itself shortly after a change', async ({ page }) => {
  const name = folder();
  await server.mkcol(name);
  await openApp(page);
  await configureWebDav(page, server, name);
  await syncNow(page);
  await closeSettings(page);
  await createNote(page, 'Automatic', 'no button pressed');
  await expect
    .poll(() => readdirSync(join(server.root, name)).filter((f) => f.endsWith('.md')).length, {
      timeout: 20_000
    })
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('banner').getByText(/^Last synced/)).toBeVisible();
  expect(existsSync(join(server.root, name, 'locks'))).toBe(true);
});

test('lets one tab sync at a time; the other says so', async ({ context }) => {
  const name = folder();
  await server.mkcol(name);
  const first = await context.newPage();
  const second = await context.newPage();
  await openApp(first);
  await openApp(second);
  await configureWebDav(first, server, name);
  await syncNow(first);
  const other = await openSettings(second);
  // The second tab syncs by itself once it has started; let that one finish first.
  await expect(other.getByText(/^Last synced/)).toBeVisible({ timeout: 30_000 });
  server.faults.push({ method: 'PROPFIND', delayMs: 4000, times: 1 });
  await first.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Sync now' }).click();
  await expect(
    first.getByRole('dialog', { name: 'Settings' }).getByRole('progressbar', { name: 'Syncing' })
  ).toBeVisible();
  await other.getByRole('button', { name: 'Sync now' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Another Folio tab is syncing' })).toBeVisible();
  await expect(first.getByRole('dialog', { name: 'Settings' }).getByText(/^Last synced/)).toBeVisible({
    timeout: 30_000
  });
});
