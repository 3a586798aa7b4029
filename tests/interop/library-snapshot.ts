/**
 * A RAW export folder as a comparable snapshot: every item keyed by what it is (a notebook by its
 * path of titles, a note by notebook path and title, a tag by title, an attachment by title and a
 * hash of its bytes, a note-tag link by its note and tag), with every id inside replaced by the
 * key of the item it names. Two libraries that differ only in ids give equal snapshots; any other
 * difference (a title, a body byte, a time, a field, a tag, an attachment byte) shows in the diff.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRawItem, type RawItem } from '$lib/interop';
import { listFiles } from './fixture-files';

type Item = { id: string; raw: RawItem; text: string };

/** The snapshot of a RAW folder: key → item text with ids replaced by keys. */
export function snapshotRawDir(dir: string): Record<string, string> {
  const files = listFiles(dir);
  const items: Item[] = files
    .filter((f) => /^[0-9a-f]{32}\.md$/.test(f))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return { id: f.slice(0, 32), raw: parseRawItem(text), text };
    });
  const blobs = new Map(
    files.filter((f) => f.startsWith('resources/')).map((f) => [f.slice(10, 42), readFileSync(join(dir, f))])
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  const keys = new Map<string, string>();
  const keyOf = (id: string, depth = 0): string => {
    const known = keys.get(id);
    if (known) return known;
    const item = byId.get(id);
    if (!item || depth > 50) return `missing:${id}`;
    const p = (k: string) => item.raw.props.get(k) ?? '';
    let key: string;
    if (item.raw.type_ === 2)
      key = `notebook:${p('parent_id') ? `${keyOf(p('parent_id'), depth + 1).slice(9)}/` : ''}${item.raw.title}`;
    else if (item.raw.type_ === 1)
      key = `note:${p('parent_id') ? keyOf(p('parent_id'), depth + 1).slice(9) : ''}/${item.raw.title}`;
    else if (item.raw.type_ === 5) key = `tag:${item.raw.title}`;
    else if (item.raw.type_ === 4) key = `attachment:${item.raw.title}:${sha(blobs.get(id))}`;
    else if (item.raw.type_ === 6)
      key = `link:${keyOf(p('note_id'), depth + 1)}|${keyOf(p('tag_id'), depth + 1)}`;
    else key = `type${item.raw.type_}:${item.raw.title ?? id}`;
    keys.set(id, key);
    return key;
  };
  const snapshot: Record<string, string> = {};
  for (const item of items) {
    const key = keyOf(item.id);
    if (snapshot[key] !== undefined) throw new Error(`two items share the key ${key}`);
    let text = item.text.replace(/[0-9a-f]{32}/g, (id) => (byId.has(id) ? `{${keyOf(id)}}` : id));
    // Joplin's own JEX import re-stamps a note-tag link's update times (a Joplin-to-Joplin import
    // does the same), so they are not part of what a round trip must keep.
    if (item.raw.type_ === 6)
      text = text.replace(/^(user_)?updated_time: .*$/gm, '$1updated_time: (set by the importer)');
    snapshot[key] = text;
  }
  return snapshot;
}

function sha(data: Buffer | undefined): string {
  return data ? createHash('sha256').update(data).digest('hex').slice(0, 16) : 'no-file';
}

/**
 * What a Markdown round trip must keep of each note (Markdown carries no ids or bookkeeping times):
 * the body with links resolved to keys, tags, to-do state and due time, author, and where it was
 * written from (source URL, place).
 */
export function markdownView(dir: string): Record<string, Record<string, string>> {
  const snapshot = snapshotRawDir(dir);
  const tags = new Map<string, string[]>();
  for (const key of Object.keys(snapshot).filter((k) => k.startsWith('link:'))) {
    const [note, tag] = key.slice(5).split('|');
    tags.set(note, [...(tags.get(note) ?? []), tag.slice(4)].sort());
  }
  const view: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(snapshot)) {
    if (!key.startsWith('note:')) continue;
    const raw = parseRawItem(text);
    const p = (k: string) => raw.props.get(k) ?? '';
    view[key] = {
      body: resolveMdLinks(
        key,
        (raw.body ?? '').replace(/\{attachment:([^:}]*):[^}]*\}/g, '{attachment:$1}').trimEnd()
      ),
      tags: (tags.get(key) ?? []).join(','),
      todo: `${p('is_todo')} due ${p('todo_due')} ${p('todo_completed') !== '0' ? 'done' : 'open'}`,
      author: p('author'),
      source_url: p('source_url'),
      place: `${p('latitude')} ${p('longitude')} ${p('altitude')}`
    };
  }
  return view;
}

/**
 * Joplin's Markdown import turns a relative link to another imported file into a `:/id` link only
 * when it meets the linking file before the linked one (it depends on the folder listing's order:
 * observed with 3.6.2), and leaves it as written otherwise. Resolve such leftovers the way Joplin
 * does when it succeeds, so the comparison is about what Folio wrote, not the order of a listing.
 */
function resolveMdLinks(noteKey: string, body: string): string {
  const dir = noteKey.slice('note:'.length).split('/').slice(0, -1);
  return body.replace(/\]\(([^):]+\.md)\)/g, (all, target: string) => {
    const parts = [...dir];
    for (const part of decodeURIComponent(target).split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return `](:/{note:${parts.join('/').replace(/\.md$/, '')}})`;
  });
}
