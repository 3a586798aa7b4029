import { describe, expect, it } from 'vitest';
import { sumHits, withoutTerm, type ScanTerm } from './posting-scans';
import { BODY_SPAN, Postings } from './postings';

/** Postings of "a" in docs 0..39 (title in every third), packed up to 29, the rest a tail; 5 and 33 retired. */
function fixture() {
  const postings = new Postings();
  for (let doc = 0; doc < 40; doc++) {
    const title = doc % 3 === 0 ? 'a' : 'x';
    const body = doc % 2 === 0 ? 'a a b' : 'b';
    postings.add(doc, title, body);
    if (doc === 29) postings.pack(Int32Array.from({ length: 30 }, (_, i) => i));
  }
  const dead = new Set([5, 33]);
  return { postings, id: postings.idOf('a')!, isLive: (doc: number) => !dead.has(doc) };
}

const collected = (p: Postings, t: ScanTerm) => {
  const docs = new Int32Array(p.listLength(t.id));
  const hits = new Uint32Array(docs.length);
  const n = p.collect(t.id, t.isLive, t.useTitle, t.useBody, docs, hits, t.allLive);
  return { docs: Array.from(docs.subarray(0, n)), hits: Array.from(hits.subarray(0, n)) };
};

describe('posting scans', () => {
  for (const [useTitle, useBody] of [
    [true, true],
    [true, false],
    [false, true]
  ])
    it(`agree with collect over packed and tail postings (title ${useTitle}, body ${useBody})`, () => {
      const { postings, id, isLive } = fixture();
      const term: ScanTerm = { id, isLive, useTitle, useBody, allLive: false };
      const expected = collected(postings, term);
      const acc = new Float64Array(40);
      const seen = new Int32Array(40);
      const n = sumHits(postings, term, acc, 1000, seen, 0);
      expect(Array.from(seen.subarray(0, n))).toEqual(expected.docs);
      expect(expected.docs.map((d) => acc[d])).toEqual(
        expected.hits.map((h) => Math.floor(h / BODY_SPAN) * 1000 + (h % BODY_SPAN))
      );
      const within = Int32Array.from({ length: 40 }, (_, i) => i).filter((d) => isLive(d) && d !== 7);
      const holds = new Set(expected.docs);
      expect(Array.from(withoutTerm(postings, term, within))).toEqual(
        Array.from(within).filter((d) => !holds.has(d))
      );
      expect(Array.from(withoutTerm(postings, term, within.subarray(0, 3)))).toEqual(
        Array.from(within.subarray(0, 3)).filter((d) => !holds.has(d))
      );
    });
});
