// The index's answers against a brute-force reading of Joplin's ranking: random small corpora
// (few words, so many notes tie) and random queries (words, prefixes, phrases, fields,
// negations, any:1), every page size from 0 to all. Whatever shortcuts evaluation takes (sorted
// merges, byte-level phrase search, the top-k pass), the page must be the full sort's first k.
import { describe, expect, it } from 'vitest';
import { tokenize } from './fold';
import { recencyBoost } from './rank';
import { SearchIndex } from './search-index';
import type { IndexedNote } from './types';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 1);
const WORDS = ['alpha', 'alps', 'al', 'beta', 'bet', 'be', 'gamma', 'delta', 'déjà', 'x'];
const PREFIXES = ['al', 'be', 'ga', 'd'];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = ReturnType<typeof rng>;
const pick = <T>(r: Rand, list: T[]): T => list[Math.floor(r() * list.length)];
const words = (r: Rand, max: number) =>
  Array.from({ length: Math.floor(r() * (max + 1)) }, () => pick(r, WORDS));

function randomNote(r: Rand, id: string): IndexedNote {
  const todo = r() < 0.3;
  return {
    id,
    title: words(r, 3).join(' '),
    body: words(r, 14).join(r() < 0.5 ? ' ' : ', '),
    parent_id: 'nb',
    created_time: NOW - 400 * DAY,
    // Few distinct times, so equal scores and equal times both happen.
    updated_time: NOW - Math.floor(r() * 4) * 30 * DAY,
    is_todo: todo ? 1 : 0,
    todo_due: 0,
    todo_completed: todo && r() < 0.5 ? NOW - DAY : 0,
    source_url: '',
    tag_ids: []
  };
}

interface Term {
  field: 'any' | 'title' | 'body';
  negated: boolean;
  tokens: { text: string; prefix: boolean }[];
}

function randomQuery(r: Rand): { text: string; terms: Term[]; any: boolean } {
  const terms: Term[] = [];
  const parts: string[] = [];
  const count = 1 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const length = r() < 0.3 ? 2 + Math.floor(r() * 2) : 1;
    const tokens = Array.from({ length }, () =>
      r() < 0.25 ? { text: pick(r, PREFIXES), prefix: true } : { text: pick(r, WORDS), prefix: false }
    );
    const field = r() < 0.7 ? 'any' : r() < 0.5 ? 'title' : 'body';
    const negated = i > 0 && r() < 0.25;
    const written = tokens.map((t) => t.text + (t.prefix ? '*' : '')).join(' ');
    const quoted = length > 1 ? `"${written}"` : written;
    parts.push(`${negated ? '-' : ''}${field === 'any' ? '' : `${field}:`}${quoted}`);
    terms.push({ field, negated, tokens });
  }
  const any = r() < 0.2;
  return { text: (any ? 'any:1 ' : '') + parts.join(' '), terms, any };
}

/** Joplin's ranking computed the plain way: every note tokenised, every term counted, everything sorted. */
function oracle(notes: IndexedNote[], query: ReturnType<typeof randomQuery>): string[] {
  const streams = notes.map((n) => ({ title: tokenize(n.title), body: tokenize(n.body) }));
  const count = (stream: string[], term: Term) => {
    const wanted = term.tokens.map((t) => ({ text: tokenize(t.text)[0], prefix: t.prefix }));
    let n = 0;
    for (let p = 0; p + wanted.length <= stream.length; p++)
      if (wanted.every((t, i) => (t.prefix ? stream[p + i].startsWith(t.text) : stream[p + i] === t.text)))
        n++;
    return n;
  };
  const hits = query.terms.map((term) =>
    streams.map((s) => ({
      t: term.field === 'body' ? 0 : count(s.title, term),
      b: term.field === 'title' ? 0 : count(s.body, term)
    }))
  );
  const matched = (i: number, d: number) => hits[i][d].t + hits[i][d].b > 0;
  const positive = query.terms.flatMap((t, i) => (t.negated ? [] : [i]));
  const negative = query.terms.flatMap((t, i) => (t.negated ? [i] : []));
  const n = notes.length;
  const avgTitle = Math.floor(streams.reduce((s, x) => s + x.title.length, 0) / n);
  const avgBody = Math.floor(streams.reduce((s, x) => s + x.body.length, 0) / n);
  const idf = (df: number) => Math.max(Math.log((n - df + 0.5) / (df + 0.5) + 1), 0);
  const bm25 = (w: number, f: number, len: number, avg: number) =>
    avg === 0 ? 0 : (w * (f * 2.2)) / (f + 1.2 * (0.25 + 0.75 * (len / avg)));
  const dfTitle = hits.map((list) => list.filter((h) => h.t > 0).length);
  const dfBody = hits.map((list) => list.filter((h) => h.b > 0).length);
  const rows = notes.flatMap((note, d) => {
    const keep = query.any
      ? positive.some((i) => matched(i, d)) || negative.some((i) => !matched(i, d))
      : positive.every((i) => matched(i, d)) && negative.every((i) => !matched(i, d));
    if (!keep) return [];
    let score = 0;
    for (const i of positive) {
      score +=
        bm25(idf(dfTitle[i]), hits[i][d].t, streams[d].title.length, avgTitle) +
        bm25(idf(dfBody[i]), hits[i][d].b, streams[d].body.length, avgBody);
    }
    score += recencyBoost(note.updated_time, NOW);
    const title = positive.some((i) => hits[i][d].t > 0);
    return [{ id: note.id, d, score, title, done: !!note.todo_completed, updated: note.updated_time }];
  });
  rows.sort(
    (a, b) =>
      Number(b.title) - Number(a.title) ||
      // Scores summed in another order may differ in the last bit: equal to 1e-9 counts as a tie.
      (Math.abs(a.score - b.score) > 1e-9 ? b.score - a.score : 0) ||
      Number(a.done) - Number(b.done) ||
      b.updated - a.updated ||
      a.d - b.d
  );
  return rows.map((row) => row.id);
}

/** A corpus indexed with edits and removals along the way; `order` is the notes in indexing order. */
function buildCase(seed: number, restore: boolean) {
  const r = rng(seed);
  const index = new SearchIndex({ keepBodies: false });
  let order: IndexedNote[] = [];
  const put = (note: IndexedNote) => {
    index.upsert(note);
    order = [...order.filter((n) => n.id !== note.id), note];
  };
  const size = 20 + Math.floor(r() * 60);
  for (let i = 0; i < size; i++) put(randomNote(r, `n${i}`));
  let current = index;
  if (restore) {
    current = SearchIndex.fromSnapshot(structuredClone(index.toSnapshot()), { keepBodies: false });
  } else index.compact();
  // Then edits and removals after the pack: postings in both the packed part and the tail.
  for (let i = 0; i < 10; i++) {
    const id = `n${Math.floor(r() * size)}`;
    if (r() < 0.3) {
      current.remove(id);
      order = order.filter((n) => n.id !== id);
    } else {
      const note = randomNote(r, id);
      current.upsert(note);
      order = [...order.filter((n) => n.id !== id), note];
    }
  }
  return { index: current, order, r };
}

describe('SearchIndex pages against the full sort', () => {
  for (const restore of [false, true]) {
    it(`equal the brute-force ranking for random corpora and queries (${restore ? 'restored' : 'built'})`, () => {
      let compared = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const { index, order, r } = buildCase(seed * (restore ? 7919 : 1), restore);
        for (let q = 0; q < 15; q++) {
          const query = randomQuery(r);
          const expected = oracle(order, query);
          const all = index.search(query.text, { limit: 1e9, now: NOW });
          expect(
            all.results.map((x) => x.id),
            query.text
          ).toEqual(expected);
          expect(all.total, query.text).toBe(expected.length);
          for (const k of [0, 1, 2, 5, 20]) {
            const page = index.search(query.text, { limit: k, now: NOW });
            expect(
              page.results.map((x) => x.id),
              `${query.text} limit ${k}`
            ).toEqual(expected.slice(0, k));
            expect(page.total).toBe(expected.length);
          }
          compared += expected.length;
        }
      }
      expect(compared).toBeGreaterThan(1000);
    }, 60_000);
  }

  it('keeps pages past the first in order when many notes tie exactly', () => {
    const index = new SearchIndex({ keepBodies: false });
    const notes = Array.from({ length: 300 }, (_, i) => ({
      ...randomNote(rng(1), `t${i}`),
      title: '',
      body: 'same words here',
      updated_time: NOW - DAY,
      is_todo: 0,
      todo_completed: 0
    }));
    for (const n of notes) index.upsert(n);
    const all = index.search('words', { limit: 1e9, now: NOW }).results.map((x) => x.id);
    expect(all).toEqual(notes.map((n) => n.id));
    expect(index.search('words', { limit: 20, now: NOW }).results.map((x) => x.id)).toEqual(all.slice(0, 20));
    expect(index.search('words', { limit: 75, now: NOW }).results.map((x) => x.id)).toEqual(all.slice(0, 75));
  });

  it('finds phrases only where their words start, with term ids of several bytes', () => {
    // Term ids are numbered by first sight, so w129 has id 129: its varint is 0x81 0x01, and its
    // second byte is w1's whole varint. "w1 w5" must not be found inside "w129 w5" (in a note that has w1).
    const index = new SearchIndex({ keepBodies: false });
    const vocabulary = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const base = randomNote(rng(2), 'vocabulary');
    index.upsert({ ...base, title: '', body: vocabulary });
    index.upsert({ ...base, id: 'inside', title: 'w129 w5', body: 'w129 w5 w200 w1 w129 w5' });
    index.upsert({ ...base, id: 'real', title: '', body: 'w129 w1 w5 w1 w5' });
    for (const pack of [false, true]) {
      if (pack) index.compact();
      const found = index.search('"w1 w5"', { limit: 10, now: NOW });
      expect(found.results.map((r) => r.id)).toEqual(['real']);
      expect(index.search('title:"w129 w5"', { now: NOW }).results.map((r) => r.id)).toEqual(['inside']);
      expect(index.search('"w5 w200"', { now: NOW }).results.map((r) => r.id)).toEqual(['inside']);
      // A run across the end of the title and the start of the body is no phrase.
      expect(index.search('"w5 w129"', { now: NOW }).results.map((r) => r.id)).toEqual([]);
    }
  });

  it('answers a prefix that covers 150,000 words', () => {
    const index = new SearchIndex({ keepBodies: false });
    const base = randomNote(rng(3), 'many');
    index.upsert({ ...base, title: '', body: Array.from({ length: 150_000 }, (_, i) => `w${i}`).join(' ') });
    index.upsert({ ...base, id: 'one', title: '', body: 'w7 and more' });
    expect(index.search('w*', { now: NOW }).total).toBe(2);
  }, 30_000);
});
