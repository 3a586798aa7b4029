/**
 * Seeds the app's IndexedDB ('folio') from the page, after the app itself created the schema and
 * its default notebook on a first start: notes are written with raw IndexedDB in the exact shape
 * of core/records.ts `Note`, as an import would leave them (tests/seed-notes.mjs). Bodies are the
 * benchmark corpus (real Markdown from node_modules, corpus.mjs); the notes to open are real
 * Markdown too.
 */
import { noteRecord, putNotes } from '../../seed-notes.mjs';
import { buildCorpus, markdownRun } from '../corpus.mjs';

const BATCH = 1000;

/** A corpus note as a stored `Note` in notebook `parentId` (corpus tags and notebooks are left out). */
function toRecord(note, parentId) {
  return noteRecord({ ...note, parent_id: parentId });
}

/**
 * About `bytes` of real Markdown (corpus.mjs markdownRun, the text the editor benchmark opens),
 * cut at a blank line, ending with a heading whose text is `lastHeading`.
 */
export function markdownNote(bytes, lastHeading) {
  const text = markdownRun(bytes);
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
    else if (marker[0] === open[0] && marker.length >= open.length && !line.trim().slice(marker.length))
      open = '';
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
    records.push({
      ...toRecord(
        {
          ...notes[0],
          ...note,
          created_time: time,
          updated_time: time,
          user_created_time: time,
          user_updated_time: time,
          is_todo: 0,
          todo_due: 0,
          todo_completed: 0,
          source_url: ''
        },
        parentId
      )
    });
  });
  for (let i = 0; i < records.length; i += BATCH) await putNotes(page, records.slice(i, i + BATCH));
  return records.length;
}
