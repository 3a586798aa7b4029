import { expect, test, type Page } from '@playwright/test';
import { createNote, notesList, openApp } from './shell-helpers';

const tree = (page: Page) => page.getByRole('navigation', { name: 'Notebooks' });

async function newNotebook(page: Page, name: string) {
  await page.getByRole('button', { name: 'New notebook' }).click();
  const field = page.getByRole('textbox', { name: 'Notebook name' });
  await expect(field).toBeFocused();
  await field.fill(name);
  await field.press('Enter');
  await expect(tree(page).getByRole('button', { name, exact: true })).toBeVisible();
}

async function openMenu(page: Page, notebook: string, item: string) {
  await tree(page)
    .getByRole('button', { name: `Actions for ${notebook}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('New notebook focuses the name field and Enter creates it', async ({ page }) => {
  await openApp(page);
  await newNotebook(page, 'Projects');
  await page.reload();
  await expect(tree(page).getByRole('button', { name: 'Projects', exact: true })).toBeVisible();
});

test('a notebook is renamed from its menu', async ({ page }) => {
  await openApp(page);
  await newNotebook(page, 'Drafts');
  await openMenu(page, 'Drafts', 'Rename');
  const field = page.getByRole('textbox', { name: 'Notebook name' });
  await field.fill('Published');
  await field.press('Enter');
  await expect(tree(page).getByRole('button', { name: 'Published', exact: true })).toBeVisible();
  await expect(tree(page).getByRole('button', { name: 'Drafts', exact: true })).toHaveCount(0);
});

test('a notebook is nested with Move to… and shown under its parent', async ({ page }) => {
  await openApp(page);
  await newNotebook(page, 'Work');
  await newNotebook(page, 'Meetings');
  await openMenu(page, 'Meetings', 'Move to…');
  const dialog = page.getByRole('dialog', { name: 'Move “Meetings”' });
  await dialog.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Work' });
  await dialog.getByRole('button', { name: 'Move' }).click();
  const collapse = tree(page).getByRole('button', { name: 'Collapse Work' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await collapse.click();
  await expect(tree(page).getByRole('button', { name: 'Meetings', exact: true })).toBeHidden();
  // Collapsed stays collapsed on this device, as in Joplin.
  await page.reload();
  await expect(tree(page).getByRole('button', { name: 'Work', exact: true })).toBeVisible();
  await expect(tree(page).getByRole('button', { name: 'Meetings', exact: true })).toBeHidden();
  await tree(page).getByRole('button', { name: 'Expand Work' }).click();
  await expect(tree(page).getByRole('button', { name: 'Meetings', exact: true })).toBeVisible();
  await page.reload();
  await expect(tree(page).getByRole('button', { name: 'Meetings', exact: true })).toBeVisible();
});

test('a tree of 300 notebooks draws every one of them', async ({ page }) => {
  await openApp(page);
  // Written as an import leaves them (raw IndexedDB, before a reload): 30 notebooks of 9 each.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction('folders', 'readwrite');
    const id = (i: number) => `c${(i + 1).toString(16).padStart(31, '0')}`;
    for (let i = 0; i < 300; i++) {
      const parent_id = i < 30 ? '' : id(i % 30);
      const t = 1_700_000_000_000 + i;
      tx.objectStore('folders').put({
        id: id(i),
        title: `Shelf ${String(i).padStart(3, '0')}`,
        parent_id,
        created_time: t,
        updated_time: t,
        user_created_time: t,
        user_updated_time: t,
        icon: '',
        deleted_time: 0
      });
    }
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  });
  await page.reload();
  // The default notebook and the 300: the last of them in the tree's order is drawn too.
  await expect(tree(page).getByRole('button', { name: /^Actions for / })).toHaveCount(301);
  const last = tree(page).getByRole('button', { name: 'Shelf 299', exact: true });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
});

test('a notebook is nested by dragging it onto another, and un-nested by dropping it on the top level', async ({
  page
}) => {
  await openApp(page);
  await newNotebook(page, 'Home');
  await newNotebook(page, 'Recipes');
  await tree(page)
    .getByRole('group', { name: 'Recipes' })
    .dragTo(tree(page).getByRole('group', { name: 'Home' }));
  await expect(tree(page).getByRole('button', { name: 'Collapse Home' })).toBeVisible();
  await tree(page)
    .getByRole('group', { name: 'Recipes' })
    .dragTo(tree(page).getByRole('group', { name: 'Top level' }), {
      targetPosition: { x: 20, y: 200 }
    });
  await expect(tree(page).getByRole('button', { name: 'Collapse Home' })).toHaveCount(0);
});

test('a note created in a notebook is listed there, and deleting the notebook (confirmed) trashes both', async ({
  page
}) => {
  await openApp(page);
  await newNotebook(page, 'Temporary');
  await createNote(page, 'Inside temporary');
  await expect(notesList(page).getByRole('option', { name: 'Inside temporary' })).toBeVisible();
  await tree(page).getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(notesList(page).getByRole('option', { name: 'Inside temporary' })).toHaveCount(0);
  await openMenu(page, 'Temporary', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete notebook' })
    .getByRole('button', { name: 'Move to trash' })
    .click();
  await expect(tree(page).getByRole('button', { name: 'Temporary', exact: true })).toHaveCount(0);
  await tree(page).getByRole('button', { name: 'Trash', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Trashed notebooks' })).toContainText('Temporary');
  await expect(page.getByRole('list', { name: 'Trashed notes' })).toContainText('Inside temporary');
  await page
    .getByRole('list', { name: 'Trashed notebooks' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await tree(page).getByRole('button', { name: 'Temporary', exact: true }).click();
  await expect(notesList(page).getByRole('option', { name: 'Inside temporary' })).toBeVisible();
});

test('a note dragged from the list onto a notebook moves there', async ({ page }) => {
  await openApp(page);
  await newNotebook(page, 'Archive');
  await tree(page).getByRole('button', { name: 'All notes' }).click();
  await createNote(page, 'Old memo');
  await notesList(page)
    .getByRole('option', { name: 'Old memo' })
    .dragTo(tree(page).getByRole('group', { name: 'Archive' }));
  await tree(page).getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(notesList(page).getByRole('option', { name: 'Old memo' })).toBeVisible();
});

test('with more notebooks than fit, the tree scrolls and Trash stays below the last one', async ({
  page
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await openApp(page);
  for (let i = 1; i <= 16; i++) await newNotebook(page, `Notebook ${String(i).padStart(2, '0')}`);
  const last = tree(page).getByRole('button', { name: 'Notebook 16', exact: true });
  const trash = tree(page).getByRole('button', { name: 'Trash', exact: true });
  await trash.scrollIntoViewIfNeeded();
  const [lastBox, trashBox] = [await last.boundingBox(), await trash.boundingBox()];
  expect(trashBox!.y).toBeGreaterThanOrEqual(lastBox!.y + lastBox!.height);
  await trash.click();
  await expect(trash).toHaveAttribute('aria-current', 'true');
});
