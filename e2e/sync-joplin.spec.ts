// Folio in Chromium and the real Joplin client (3.6.2) as the other device, through a WebDAV
// server on loopback: notes, notebooks, tags, to-dos and an image made in Folio's UI appear in
// Joplin's `ls` and `cat`, and the other way; an edit on both sides gives a conflict copy on the
// device that syncs second, in both orders; a deletion reaches the other side's trash.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDavServer, type DavServer } from '../tests/sync/dav-server';
import { joplinOnWebDav, type JoplinPeer } from '../tests/sync/joplin-peer';
import { body, notesList, openApp, saveStatus, title } from './shell-helpers';
import { configureWebDav, closeSettings, openSettings, syncOnce } from './sync-helpers';

// The Joplin CLI costs ~1.5 s per command (much more on a loaded machine).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PIXEL = readFileSync(join(process.cwd(), 'tests/interop/fixtures/markdown-library/Personal/pixel.png'));
const tree = (page: Page) => page.getByRole('navigation', { name: 'Notebooks' });

let server: DavServer;
let peer: JoplinPeer;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startDavServer();
  await server.mkcol('joplin');
  peer = await joplinOnWebDav(server, 'joplin');
  context = await browser.newContext();
  page = await context.newPage();
  await openApp(page);
  await configureWebDav(page, server, 'joplin');
  await closeSettings(page);
});

test.afterAll(async () => {
  await context?.close();
  await peer?.close();
  await server?.close();
});

/** Pastes the pixel image into the open note's body, as a user pasting a picture would. */
async function pasteImage() {
  await body(page).click();
  await page.keyboard.press('End');
  await page.evaluate(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pixel.png', { type: 'image/png' }));
      document
        .querySelector('[aria-label="Note body"]')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...PIXEL]
  );
  await expect(body(page).getByRole('img', { name: 'pixel.png' })).toBeVisible();
  await expect(saveStatus(page)).toHaveText('Saved');
}

test('notes, notebooks, tags, to-dos and an image made in Folio appear in Joplin', async () => {
  await page.getByRole('button', { name: 'New notebook' }).click();
  await page.getByRole('textbox', { name: 'Notebook name' }).fill('Folio book');
  await page.getByRole('textbox', { name: 'Notebook name' }).press('Enter');
  await tree(page).getByRole('button', { name: 'Folio book', exact: true }).click();
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await expect(title(page)).toHaveValue('');
  await title(page).fill('From Folio');
  await body(page).click();
  await page.keyboard.type('Hello Joplin, from the browser.');
  await pasteImage();
  await page.getByRole('combobox', { name: 'Add tag' }).fill('shared-tag');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('shared-tag');
  await page.getByRole('button', { name: 'New note', exact: true }).click();
  await expect(title(page)).toHaveValue('');
  await title(page).fill('Folio todo');
  await page.getByRole('checkbox', { name: 'To-do' }).check();
  await expect(saveStatus(page)).toHaveText('Saved');
  await syncOnce(page);

  await peer.sync();
  expect(await peer.run('ls', '/')).toContain('Folio book');
  await peer.run('use', 'Folio book');
  const listed = await peer.run('ls', '-l');
  expect(listed).toContain('From Folio');
  expect(listed).toMatch(/\[ \] Folio todo/);
  const text = await peer.run('cat', 'From Folio');
  expect(text).toContain('Hello Joplin, from the browser.');
  // Joplin's cat shows an attachment link as the path of its file in the profile.
  const link = /!\[pixel\.png\]\(resources\/([0-9a-f]{32})\.png\)/.exec(text);
  expect(link).not.toBeNull();
  expect(await peer.run('tag', 'notetags', 'From Folio')).toContain('shared-tag');
  expect(readFileSync(join(peer.profile, 'resources', `${link![1]}.png`)).equals(PIXEL)).toBe(true);
});

test('notes, notebooks, tags and to-dos made in Joplin appear in Folio', async () => {
  await peer.run('mkbook', 'Joplin book');
  await peer.run('use', 'Joplin book');
  await peer.run('mknote', 'From Joplin');
  await peer.run('set', 'From Joplin', 'body', '--', 'Written in **Joplin**.');
  await peer.run('tag', 'add', 'joplin-tag', 'From Joplin');
  await peer.run('mktodo', 'Joplin todo');
  await peer.sync();
  await syncOnce(page);

  await tree(page).getByRole('button', { name: 'Joplin book', exact: true }).click();
  await expect(notesList(page).getByRole('option', { name: /^Joplin todo/ })).toBeVisible();
  await notesList(page)
    .getByRole('option', { name: /^From Joplin/ })
    .click();
  await expect(body(page).locator('strong')).toHaveText('Joplin');
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('joplin-tag');
});

test('an edit on both sides gives a conflict copy in Folio when Folio syncs second', async () => {
  await peer.run('set', 'From Joplin', 'body', '--', 'Joplin changed it first.');
  await peer.sync();
  await body(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Folio changed it second.');
  await expect(saveStatus(page)).toHaveText('Saved');
  await syncOnce(page);

  await expect(body(page)).toContainText('Joplin changed it first.');
  await tree(page)
    .getByRole('button', { name: /^Conflicts/ })
    .click();
  await notesList(page)
    .getByRole('option', { name: /^From Joplin/ })
    .click();
  const conflict = page.getByRole('group', { name: 'Conflict' });
  await expect(conflict.getByRole('region', { name: 'Mine' })).toContainText('Folio changed it second.');
  await expect(conflict.getByRole('region', { name: 'Theirs' })).toContainText('Joplin changed it first.');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(body(page)).toContainText('Folio changed it second.');
  await expect(tree(page).getByRole('button', { name: /^Conflicts/ })).toHaveCount(0);
  await syncOnce(page);
  await peer.sync();
  expect(await peer.run('cat', 'From Joplin')).toContain('Folio changed it second.');
});

test('an edit on both sides gives a conflict copy in Joplin when Joplin syncs second', async () => {
  await peer.run('use', 'Folio book');
  await peer.run('set', 'From Folio', 'body', '--', 'Joplin is second this time.');
  await tree(page).getByRole('button', { name: 'Folio book', exact: true }).click();
  await notesList(page)
    .getByRole('option', { name: /^From Folio/ })
    .click();
  await body(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Folio is first this time.');
  await expect(saveStatus(page)).toHaveText('Saved');
  await syncOnce(page);
  await peer.sync();

  expect(await peer.run('cat', 'From Folio')).toContain('Folio is first this time.');
  const copies = (await peer.notes()).filter((n) => n.is_conflict);
  expect(copies.map((n) => n.body)).toEqual(['Joplin is second this time.']);
});

test('a deletion reaches the trash on the other side, both ways', async () => {
  await page.getByRole('button', { name: 'Delete note' }).click();
  await peer.run('use', 'Joplin book');
  await peer.run('rmnote', '-f', 'Joplin todo');
  await syncOnce(page);
  await peer.sync();
  await syncOnce(page);

  const fromFolio = (await peer.notes()).find((n) => n.title === 'From Folio' && !n.is_conflict);
  expect(fromFolio?.deleted_time).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('Joplin todo');
  await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('From Folio');
});

test('a sync in progress shows its progress bar', async () => {
  server.faults.push({ method: 'PROPFIND', delayMs: 1500, times: 1 });
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Syncing' })).toBeVisible();
  await expect(dialog.getByText(/^Last synced/)).toBeVisible({ timeout: 30_000 });
  await closeSettings(page);
});
