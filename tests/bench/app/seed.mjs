/**
 * Seeds the app's IndexedDB ('folio') from the page, after the app itself created the schema and
 * its default notebook on a first start: notes are written with raw IndexedDB in the exact shape
 * of core/records.ts `Note`, as an import would leave them. Bodies are the benchmark corpus
 * (real Markdown from node_modules, corpus.mjs); the notes to open are real Markdown too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildCorpus } from '../corpus.mjs';
import { ROOT } from './server.mjs';

const BATCH = 1000;

/** A corpus note as a stored `Note` in notebook `parentId` (corpus tags and notebooks are left out). */
function toRecord(note, parentId) {
  return {
    id: note.id,
    parent_id: parentId,
    title: note.title,
    body: note.body,
    created_time: note.created_time,
    updated_time: note.updated_time,
    user_created_time: note.user_created_time,
    user_updated_time: note.user_updated_time,
    is_todo: note.is_todo,
    todo_due: note.todo_due,
    todo_completed: note.todo_completed,
    source_url: note.source_url,
    author: '',
    latitude: 0,
    longitude: 0,
    altitude: 0,
    markup_language: 1,
    is_conflict: 0,
    deleted_time: 0
  };
}

function markdownFiles(dir, found = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) markdownFiles(path, found);
    else if (stat && /\.md$/i.test(name) && stat.size < 20_000) found.push(path);
  }
  return found;
}

/**
 * About `bytes` of real Markdown (node_modules' .md files sorted by path, as editor-bench.mjs
 * builds its note), cut at a blank line, ending with a heading whose text is `lastHeading`.
 */
export function markdownNote(bytes, lastHeading) {
  let text = '';
  for (const path of markdownFiles(join(ROOT, 'node_modules'))) {
    text += readFileSync(path, 'utf8').replace(/\r\n?/g, '\n').trimEnd() + '\n\n';
    if (text.length >= bytes) break;
  }
  const ending = `## ${lastHeading}\n`;
  const body = text.slice(0, text.lastIndexOf('\n\n', bytes - ending.length - 8) + 2);
  // A cut inside a fenced code block would swallow the heading: close the fence first.
  const fence = openFence(body);
  return body + (fence ? `${fence}\n\n` : '') + ending;
}

/** The marker of the fenced code block left open at the end of `markdown`, or ''. */
function openFence(markdown) {
  let open = '';
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (!marker) continue;
    if (!open) open = marker;
    else if (marker[0] === open[0] && marker.length >= open.length && !line.trim().slice(marker.length)) open = '';
  }
  return open;
}

/** The default notebook's id, read as the app stored it. */
function defaultNotebookId(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const row = await new Promise((resolve) => {
      const request = db.transaction('settings').objectStore('settings').get('defaultNotebookId');
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return row?.value;
  });
}

/** Writes `records` into the notes store, one transaction per call. */
function putNotes(page, records) {
  return page.evaluate(async (notes) => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction('notes', 'readwrite');
    for (const note of notes) tx.objectStore('notes').put(note);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, records);
}

/**
 * Seeds `count` corpus notes, plus `extra` notes ({id, title, body}) updated after all of them so
 * they head the list. The page must show the started app (schema and default notebook exist).
 */
export async function seedNotes(page, count, extra = []) {
  // The app writes its default notebook while starting; the page may show before that is done.
  let parentId;
  for (let i = 0; i < 100 && !parentId; i++) {
    parentId = await defaultNotebookId(page);
    if (!parentId) await page.waitForTimeout(100);
  }
  if (!parentId) throw new Error('The app did not create its default notebook in 10 s.');
  const { notes, now } = buildCorpus(count);
  const records = notes.map((note) => toRecord(note, parentId));
  extra.forEach((note, i) => {
    const time = now + (i + 1) * 1000;
    records.push({ ...toRecord({ ...notes[0], ...note, created_time: time, updated_time: time, user_created_time: time, user_updated_time: time, is_todo: 0, todo_due: 0, todo_completed: 0, source_url: '' }, parentId) });
  });
  for (let i = 0; i < records.length; i += BATCH) await putNotes(page, records.slice(i, i + BATCH));
  return records.length;
}
