/**
 * Joplin's ranking (reference.md): notes with a searched word in the title first; then the weight,
 * BM25 (k1 1.2, b 0.75) summed over the query's phrases and the title and body columns, plus a
 * recency boost; then completed to-dos after the rest; then the most recently updated.
 *
 * As in SQLite FTS4's matchinfo, which Joplin's weight reads: idf uses each column's own count of
 * documents with a hit, and the average column length is a whole number of tokens.
 */
import type { DocColumns } from './columns';
import { bodyHits, titleHits, type TextMatch } from './text-match-core';

const K1 = 1.2;
const B = 0.75;
const MS_PER_DAY = 86_400_000;
const RECENCY_ALPHA = 200;

/** Corpus statistics BM25 needs. */
export interface CorpusStats {
  docCount: number;
  avgTitleTokens: number;
  avgBodyTokens: number;
}

const idf = (n: number, total: number): number => Math.max(Math.log((total - n + 0.5) / (n + 0.5) + 1), 0);

function bm25(idfValue: number, freq: number, tokens: number, avgTokens: number): number {
  if (avgTokens === 0) return 0;
  return (idfValue * (freq * (K1 + 1))) / (freq + K1 * (1 - B + B * (tokens / avgTokens)));
}

/** The recency boost: 200·ln(1 + 1/max(days since update, 0.5)); 0 without an update time. */
export function recencyBoost(updated: number, now: number): number {
  if (!updated) return 0;
  const days = (now - updated) / MS_PER_DAY;
  return RECENCY_ALPHA * Math.log(1 + 1 / Math.max(days, 0.5));
}

/** A scored candidate (plain numbers, so sorting thousands touches no note record). */
export interface Ranked {
  doc: number;
  score: number;
  titleMatch: boolean;
  /** Whether a searched word is in the body (the snippet then looks for it). */
  bodyMatch: boolean;
  completed: boolean;
  updated: number;
}

const TITLE_MATCH = 1;
const BODY_MATCH = 2;
const COMPLETED = 4;

/**
 * Scores candidates (ascending) against the query's positive text matches. Each match's documents
 * are ascending too, so one cursor per match walks beside the candidates. The weight is summed in
 * the same order, term by term, as Joplin's formula, so equal notes get equal scores.
 */
class CandidateScorer {
  private readonly avgTitle: number;
  private readonly avgBody: number;
  private readonly titleIdf: Float64Array;
  private readonly bodyIdf: Float64Array;
  private readonly cursors: Int32Array;
  /** Each match's packed hits in the document last sought. */
  private readonly packed: Float64Array;
  /** No document's BM25 sum reaches this: each column's term is below idf·(k1+1). */
  readonly maxWeight: number;

  constructor(
    private readonly matches: TextMatch[],
    stats: CorpusStats,
    private readonly cols: DocColumns,
    private readonly now: number
  ) {
    this.avgTitle = Math.floor(stats.avgTitleTokens);
    this.avgBody = Math.floor(stats.avgBodyTokens);
    this.titleIdf = Float64Array.from(matches, (m) => idf(m.dfTitle, stats.docCount));
    this.bodyIdf = Float64Array.from(matches, (m) => idf(m.dfBody, stats.docCount));
    this.cursors = new Int32Array(matches.length);
    this.packed = new Float64Array(matches.length);
    let max = 0;
    for (let i = 0; i < matches.length; i++) max += (this.titleIdf[i] + this.bodyIdf[i]) * (K1 + 1);
    this.maxWeight = max;
  }

  /** Moves to `doc` (documents are sought in ascending order); returns its TITLE_MATCH, BODY_MATCH and COMPLETED flags. */
  seek(doc: number): number {
    const { matches, cursors, packed } = this;
    let flag = this.cols.isCompleted(doc) ? COMPLETED : 0;
    for (let i = 0; i < matches.length; i++) {
      const m = matches[i];
      let at = cursors[i];
      while (at < m.docs.length && m.docs[at] < doc) at++;
      cursors[i] = at;
      const hits = at < m.docs.length && m.docs[at] === doc ? m.hits[at] : 0;
      packed[i] = hits;
      if (titleHits(hits) > 0) flag |= TITLE_MATCH;
      if (bodyHits(hits) > 0) flag |= BODY_MATCH;
    }
    return flag;
  }

  /** The weight of `doc`, the document last sought. */
  weight(doc: number): number {
    const { titleLen, bodyLen, updated } = this.cols;
    let weight = 0;
    for (let i = 0; i < this.packed.length; i++) {
      const hits = this.packed[i];
      weight +=
        bm25(this.titleIdf[i], titleHits(hits), titleLen[doc], this.avgTitle) +
        bm25(this.bodyIdf[i], bodyHits(hits), bodyLen[doc], this.avgBody);
    }
    return weight + recencyBoost(updated[doc], this.now);
  }

  /**
   * The update time below which a document's weight is surely under `score`: its BM25 sum is
   * below maxWeight, so only a recency boost of at least `score - maxWeight` could reach it, and
   * the boost grows with the update time. -Infinity when any document might reach `score`.
   * The margins keep the bound on the safe side of rounding (a skipped note must be below).
   * It inverts recencyBoost: a change to that formula must change this too (the ranking oracle
   * test fails when they disagree).
   */
  updatedBelowWhichUnder(score: number): number {
    const needed = score - this.maxWeight - 1e-9 * Math.max(1, Math.abs(score));
    if (!(needed > 0)) return -Infinity;
    // boost < needed ⇔ ln(1 + 1/max(days, ½)) < needed/α ⇔ max(days, ½) > 1/expm1(needed/α)
    const days = (1 / Math.expm1(needed / RECENCY_ALPHA)) * (1 + 1e-9) + 1e-9;
    if (days < 0.5) return Infinity;
    return this.now - days * MS_PER_DAY;
  }
}

/** What `rankTop` keeps of a candidate before it becomes a Ranked. */
interface Kept {
  doc: number;
  score: number;
  flags: number;
  updated: number;
}

/** Whether `a` ranks before `b` (Joplin's order; see compareRanked). */
function before(a: Kept, b: Kept): boolean {
  const ta = a.flags & TITLE_MATCH;
  const tb = b.flags & TITLE_MATCH;
  if (ta !== tb) return ta > tb;
  if (a.score !== b.score) return a.score > b.score;
  const ca = a.flags & COMPLETED;
  const cb = b.flags & COMPLETED;
  if (ca !== cb) return ca < cb;
  if (a.updated !== b.updated) return a.updated > b.updated;
  return a.doc < b.doc;
}

/**
 * The best `k` candidates (ascending documents) in Joplin's order, scored against the query's
 * positive text matches. For a page much smaller than the matches, one pass keeps the best k in
 * order, and a candidate is only weighed when it could enter them: one without a title match
 * cannot pass a k-th that has one, and one updated too long ago cannot reach the k-th's score
 * however its words count (`updatedBelowWhichUnder`). Otherwise everything is scored and sorted.
 */
export function rankTop(
  docs: Int32Array,
  matches: TextMatch[],
  stats: CorpusStats,
  cols: DocColumns,
  now: number,
  k: number
): Ranked[] {
  const scorer = new CandidateScorer(matches, stats, cols, now);
  const n = docs.length;
  const candidate = (doc: number, flags: number): Kept => ({
    doc,
    flags,
    score: scorer.weight(doc),
    updated: cols.updated[doc]
  });
  let kept: Kept[];
  if (k <= 0 || n === 0) kept = [];
  else if (n <= k * 4) {
    kept = Array.from(docs, (doc) => candidate(doc, scorer.seek(doc)));
    kept.sort((a, b) => (before(a, b) ? -1 : 1));
    kept.length = Math.min(k, n);
  } else {
    // Insertion into a sorted array of the best k: k is a page (20), and after the first few
    // hundred candidates almost none beats the k-th, so most cost a look at their flags and date.
    kept = [];
    let floor = -Infinity;
    for (let c = 0; c < n; c++) {
      const doc = docs[c];
      const flags = scorer.seek(doc);
      if (kept.length === k) {
        const last = kept[k - 1];
        const title = flags & TITLE_MATCH;
        const lastTitle = last.flags & TITLE_MATCH;
        if (title < lastTitle) continue;
        if (title === lastTitle && cols.updated[doc] < floor) continue;
      }
      const next = candidate(doc, flags);
      if (kept.length === k && !before(next, kept[k - 1])) continue;
      let i = kept.length === k ? k - 1 : kept.length;
      if (kept.length < k) kept.push(next);
      while (i > 0 && before(next, kept[i - 1])) {
        kept[i] = kept[i - 1];
        i--;
      }
      kept[i] = next;
      if (kept.length === k) floor = scorer.updatedBelowWhichUnder(kept[k - 1].score);
    }
  }
  return kept.map((c) => ({
    doc: c.doc,
    score: c.score,
    titleMatch: (c.flags & TITLE_MATCH) !== 0,
    bodyMatch: (c.flags & BODY_MATCH) !== 0,
    completed: (c.flags & COMPLETED) !== 0,
    updated: c.updated
  }));
}

/**
 * Orders results best first, as Joplin's search does. Its sort ends on the update time and is
 * stable over rows that come in FTS order, which is the order notes were (last) indexed; ours ends
 * on the document number, which is that same order and is kept by snapshots and compaction, so
 * equally ranked notes come in one order across reloads.
 */
export function compareRanked(a: Ranked, b: Ranked): number {
  if (a.titleMatch !== b.titleMatch) return a.titleMatch ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.updated !== b.updated) return b.updated - a.updated;
  return a.doc - b.doc;
}
