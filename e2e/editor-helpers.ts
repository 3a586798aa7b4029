// Steps shared by the editor specs: seeding notes with exact Markdown, and reading back what the
// app stored (the Markdown a reload or an export would give).
import { expect, type Page } from '@playwright/test';
import { noteRecord, putNotes } from '../tests/seed-notes.mjs';
import { body, notesList, openApp } from './shell-helpers';

/** A note to seed: its id (32 hex), title and exact Markdown body. */
export interface SeedNote {
  id: string;
  title: string;
  body: string;
}

/** Opens the app with these notes stored (written as an import would), then reloads to list them. */
export async function openWithNotes(page: Page, notes: SeedNote[]): Promise<void> {
  await openApp(page);
  const parentId = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const folders = await new Promise<{ id: string }[]>((resolve) => {
      const request = db.transaction('folders').objectStore('folders').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return folders[0].id;
  });
  const now = Date.now();
  await putNotes(
    page,
    notes.map((note, i) => noteRecord({ ...note, parent_id: parentId, time: now - i * 1000 }))
  );
  await page.reload();
  await expect(notesList(page).getByRole('option')).toHaveCount(notes.length);
}

/** Opens a note from the Notes list by title. */
export async function openNote(page: Page, title: string): Promise<void> {
  await notesList(page).getByRole('option', { name: title }).first().click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
}

/** The stored Markdown body of the note with this title. */
export function storedBody(page: Page, title: string): Promise<string> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const notes = await new Promise<{ title: string; body: string; deleted_time: number }[]>((resolve) => {
      const request = db.transaction('notes').objectStore('notes').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    const note = notes.find((n) => n.title === wanted && !n.deleted_time);
    if (!note) throw new Error(`No note titled ${wanted}`);
    return note.body;
  }, title);
}

/** Puts the caret right after the first occurrence of `text` in the note body (as a click there would). */
export async function caretAfter(page: Page, text: string): Promise<void> {
  // The body is drawn a moment after the Title on a loaded machine.
  await expect(body(page)).toContainText(text);
  await page.evaluate((wanted) => {
    const root = document.querySelector('[aria-label="Note body"]') as HTMLElement;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      root.focus();
      const range = document.createRange();
      range.setStart(node, at + wanted.length);
      range.collapse(true);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`No text ${wanted} in the note body`);
  }, text);
}
