/**
 * The search benchmark's peers, each behind one shape: build(notes), search(words, any) → ids in
 * rank order (limit 20 unless `all`), persist() → what a restart would read, restore(state),
 * and, for a wasm peer, wasmBytes(): the memory it holds outside the JS heap. They answer a
 * query's plain words only (no filters), AND-combined (OR for any:1), with prefix search for
 * `word*` where the peer has it.
 *
 * - MiniSearch 7: a common in-memory JS index; persisted as its JSON.
 * - FlexSearch 0.8: the fastest common JS index; persisted with its export/import.
 * - SQLite FTS5 (the official @sqlite.org/sqlite-wasm build, what Joplin's web app runs on): an
 *   in-memory database with an FTS5 table (unicode61, diacritics removed), ranked by bm25();
 *   persisted as the database image (sqlite3_js_db_export), restored with sqlite3_deserialize.
 *   The package is made for browsers; in Node it needs `self` and `location`, set below.
 */
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import FlexSearch from 'flexsearch';

const LIMIT = 20;
/** Live JS memory: the heap plus ArrayBuffer contents (typed arrays live outside the heap). */
const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** MiniSearch over title and body. */
export function miniSearchPeer() {
  let mini;
  const make = () => new MiniSearch({ fields: ['title', 'body'], storeFields: [] });
  return {
    name: 'MiniSearch',
    build(notes) {
      mini = make();
      mini.addAll(notes);
    },
    search(words, any, all = false) {
      const prefixes = new Set(words.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1).toLowerCase()));
      const text = words.map((w) => w.replace(/\*$/, '')).join(' ');
      const hits = mini.search(text, {
        combineWith: any ? 'OR' : 'AND',
        prefix: (term) => prefixes.has(term)
      });
      return (all ? hits : hits.slice(0, LIMIT)).map((h) => h.id);
    },
    persist: () => JSON.stringify(mini),
    restore(state) {
      mini = MiniSearch.loadJSON(state, { fields: ['title', 'body'], storeFields: [] });
    },
    replace(note) {
      mini.replace(note);
    }
  };
}

/** FlexSearch's Index over title and body joined. */
export function flexSearchPeer() {
  let index;
  const make = () => new FlexSearch.Index({ tokenize: 'strict' });
  return {
    name: 'FlexSearch',
    build(notes) {
      index = make();
      for (const note of notes) index.add(note.id, `${note.title}\n${note.body}`);
    },
    search(words, any, all = false) {
      const text = words.map((w) => w.replace(/\*$/, '')).join(' ');
      if (!any) return index.search(text, all ? 1e9 : LIMIT);
      const seen = new Set();
      for (const word of words)
        for (const id of index.search(word.replace(/\*$/, ''), all ? 1e9 : LIMIT)) seen.add(id);
      return [...seen].slice(0, all ? Infinity : LIMIT);
    },
    persist() {
      const parts = [];
      index.export((key, data) => parts.push([key, data]));
      return parts;
    },
    restore(parts) {
      index = make();
      for (const [key, data] of parts) index.import(key, data);
    },
    replace(note) {
      index.update(note.id, `${note.title}\n${note.body}`);
    }
  };
}

let sqlite3;
async function loadSqlite() {
  if (sqlite3) return sqlite3;
  globalThis.self ??= globalThis;
  globalThis.location ??= new URL('file:///bench/');
  const { default: init } = await import('@sqlite.org/sqlite-wasm');
  const wasmBinary = readFileSync(
    new URL('../../node_modules/@sqlite.org/sqlite-wasm/sqlite-wasm/jswasm/sqlite3.wasm', import.meta.url)
  );
  // Its start-up warns on console that Node has no OPFS (browser storage it does not need here).
  const warn = console.warn;
  console.warn = () => {};
  try {
    sqlite3 = await init({ wasmBinary, print: () => {}, printErr: () => {} });
    sqlite3.loadedBytes = sqlite3.wasm.heap8u().byteLength;
  } finally {
    console.warn = warn;
  }
  return sqlite3;
}

/** SQLite FTS5 in the official wasm build. */
export async function sqlitePeer() {
  const s = await loadSqlite();
  let db;
  let ids = [];
  const quote = (w) => `"${w.replace(/\*$/, '').replace(/"/g, '""')}"${w.endsWith('*') ? '*' : ''}`;
  return {
    name: 'SQLite FTS5',
    version: s.version.libVersion,
    build(notes) {
      db?.close();
      db = new s.oo1.DB(':memory:');
      db.exec("CREATE VIRTUAL TABLE notes USING fts5(title, body, tokenize='unicode61 remove_diacritics 2')");
      ids = notes.map((n) => n.id);
      db.exec('BEGIN');
      const insert = db.prepare('INSERT INTO notes(rowid, title, body) VALUES (?, ?, ?)');
      notes.forEach((n, i) => insert.bind([i + 1, n.title, n.body]).stepReset());
      insert.finalize();
      db.exec('COMMIT');
    },
    search(words, any, all = false) {
      const match = words.map(quote).join(any ? ' OR ' : ' ');
      const rows = db.selectValues(
        `SELECT rowid FROM notes WHERE notes MATCH ? ORDER BY bm25(notes) ${all ? '' : `LIMIT ${LIMIT}`}`,
        [match]
      );
      return rows.map((rowid) => ids[rowid - 1]);
    },
    persist: () => s.capi.sqlite3_js_db_export(db.pointer),
    // The wasm memory grown since the module loaded: process.memoryUsage() does not count it, and
    // it never shrinks, so this is the most the database has held (an upper bound, not zero).
    wasmBytes: () => s.wasm.heap8u().byteLength - s.loadedBytes,
    restore(bytes) {
      db.close();
      db = new s.oo1.DB(':memory:');
      const p = s.wasm.allocFromTypedArray(bytes);
      const flags = s.capi.SQLITE_DESERIALIZE_FREEONCLOSE | s.capi.SQLITE_DESERIALIZE_RESIZEABLE;
      if (s.capi.sqlite3_deserialize(db.pointer, 'main', p, bytes.length, bytes.length, flags))
        throw new Error('sqlite3_deserialize failed');
    },
    replace(note) {
      const rowid = ids.indexOf(note.id) + 1;
      db.exec({
        sql: 'UPDATE notes SET title = ?, body = ? WHERE rowid = ?',
        bind: [note.title, note.body, rowid]
      });
    }
  };
}

export { heap };
