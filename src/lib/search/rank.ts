/**
 * Joplin's ranking (reference.md): notes with a searched word in the title first; then the weight,
 * BM25 (k1 1.2, b 0.75) summed over the query's phrases and the title and body columns, plus a
 * recency boost; then completed to-dos after the rest; then the most recently updated.
 *
 * As in SQLite FTS4's matchinfo, which Joplin's weight reads: idf uses each column's own count of
 * documents with a hit, and the average column length is a whole number of tokens.
 */
import type { DocColumns } from './columns';
import { seekSorted } from './doc-sets';
import { BODY_SPAN } from './postings';
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
 *
 * One scorer serves every query of an index (`reset` for each): V8 keeps a class instance's
 * final shape only while an instance has it, and the optimized ranking code depends on that
 * shape, so with a scorer per query a major GC between searches threw that code away and the
 * next searches ran unoptimized, several times slower (measured: ~1 ms instead of ~0.1 ms for
 * a one-word query at 50,000 notes).
 */
class CandidateScorer {
  private matches: TextMatch[] = [];
  private cols: DocColumns | undefined;
  private now = 0;
  private avgTitle = 0;
  private avgBody = 0;
  private titleIdf = new Float64Array(8);
  private bodyIdf = new Float64Array(8);
  private cursors = new Int32Array(8);
  /** Each match's packed hits in the document last sought. */
  private packed = new Float64Array(8);
  /** How many matches the arrays above hold for the current query. */
  private count = 0;
  /** No document's BM25 sum reaches this: each column's term is below idf·(k1+1). */
  maxWeight = 0;
  /** The matches' title df summed: no more candidates than this have a title match. */
  titleDf = 0;

  /** Starts scoring a query's candidates. */
  reset(matches: TextMatch[], stats: CorpusStats, cols: DocColumns, now: number): void {
    this.matches = matches;
    this.cols = cols;
    this.now = now;
    this.avgTitle = Math.floor(stats.avgTitleTokens);
    this.avgBody = Math.floor(stats.avgBodyTokens);
    const n = (this.count = matches.length);
    if (this.titleIdf.length < n) {
      const size = Math.max(n, this.titleIdf.length * 2);
      this.titleIdf = new Float64Array(size);
      this.bodyIdf = new Float64Array(size);
      this.cursors = new Int32Array(size);
      this.packed = new Float64Array(size);
    }
    let max = 0;
    let titleDf = 0;
    for (let i = 0; i < n; i++) {
      titleDf += matches[i].dfTitle;
      this.titleIdf[i] = idf(matches[i].dfTitle, stats.docCount);
      this.bodyIdf[i] = idf(matches[i].dfBody, stats.docCount);
      this.cursors[i] = 0;
      max += (this.titleIdf[i] + this.bodyIdf[i]) * (K1 + 1);
    }
    this.maxWeight = max;
    this.titleDf = titleDf;
  }

  /** The matches of the query being scored. */
  get currentMatches(): TextMatch[] {
    return this.matches;
  }

  /** Lets go of the query's matches and columns (their arrays can be large) once it is ranked. */
  release(): void {
    this.matches = [];
    this.cols = undefined;
    this.count = 0;
  }

  /** Moves to `doc` (documents are sought in ascending order); returns its TITLE_MATCH, BODY_MATCH and COMPLETED flags. */
  seek(doc: number): number {
    const { matches, cursors, packed } = this;
    let flag = this.cols!.isCompleted(doc) ? COMPLETED : 0;
    for (let i = 0; i < this.count; i++) {
      const m = matches[i];
      // Candidates can be far apart in a match's list (the title matches alone, or what a
      // filter left): a gallop, not a walk over every entry between them.
      const at = seekSorted(m.docs, cursors[i], doc);
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
    const { titleLen, bodyLen, updated } = this.cols!;
    let weight = 0;
    for (let i = 0; i < this.count; i++) {
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

/** Whether a candidate with these flags, score, update time and number ranks before `b` (Joplin's order; see compareRanked). */
function precedes(flags: number, score: number, updated: number, doc: number, b: Kept): boolean {
  const ta = flags & TITLE_MATCH;
  const tb = b.flags & TITLE_MATCH;
  if (ta !== tb) return ta > tb;
  if (score !== b.score) return score > b.score;
  const ca = flags & COMPLETED;
  const cb = b.flags & COMPLETED;
  if (ca !== cb) return ca < cb;
  if (updated !== b.updated) return updated > b.updated;
  return doc < b.doc;
}

/** Whether `a` ranks before `b`. */
const before = (a: Kept, b: Kept): boolean => precedes(a.flags, a.score, a.updated, a.doc, b);

/**
 * Picks the best `k` candidates (ascending documents) in Joplin's order, scored against the
 * query's positive text matches; one per index, reused by its queries. For a page much smaller than the matches, one pass keeps the best k in
 * order, and a candidate is only weighed when it could enter them: one without a title match
 * cannot pass a k-th that has one, and one updated too long ago cannot reach the k-th's score
 * however its words count (`updatedBelowWhichUnder`). Otherwise everything is scored and sorted.
 */
export class Ranker {
  private readonly scorer = new CandidateScorer();
  /** Scratch for `titleOnly`. */
  private titleDocs = new Int32Array(0);

  /** The best `k` of `docs` (ascending) for the query's positive text `matches`, best first. */
  top(
    docs: Int32Array,
    matches: TextMatch[],
    stats: CorpusStats,
    cols: DocColumns,
    now: number,
    k: number
  ): Ranked[] {
    this.scorer.reset(matches, stats, cols, now);
    try {
      return this.best(docs, cols, k).map((c) => ({
        doc: c.doc,
        score: c.score,
        titleMatch: (c.flags & TITLE_MATCH) !== 0,
        bodyMatch: (c.flags & BODY_MATCH) !== 0,
        completed: (c.flags & COMPLETED) !== 0,
        updated: c.updated
      }));
    } finally {
      this.scorer.release();
    }
  }

  private candidate(doc: number, flags: number, cols: DocColumns): Kept {
    return { doc, flags, score: this.scorer.weight(doc), updated: cols.updated[doc] };
  }

  private best(docs: Int32Array, cols: DocColumns, k: number): Kept[] {
    const { scorer } = this;
    const n = docs.length;
    if (k <= 0 || n === 0) return [];
    if (n <= k * 4) {
      const all = Array.from(docs, (doc) => this.candidate(doc, scorer.seek(doc), cols));
      all.sort((a, b) => (before(a, b) ? -1 : 1));
      all.length = Math.min(k, n);
      return all;
    }
    return this.keepBest(this.titleOnly(docs, k) ?? docs, cols, k);
  }

  /**
   * The candidates with a title match, when there are at least `k`: each of them ranks before
   * every candidate without one, so the page is theirs and the others are never weighed (before,
   * each was weighed and inserted until k title matches had been met). Undefined when there
   * cannot be k, by the matches' title df, or are not.
   */
  private titleOnly(docs: Int32Array, k: number): Int32Array | undefined {
    const { scorer } = this;
    if (scorer.titleDf < k) return undefined;
    const matches = scorer.currentMatches;
    // A match's title hits are its entries of at least BODY_SPAN: a scan of its hits finds them
    // without a seek per candidate, then each is looked up among the candidates.
    let size = 0;
    for (const m of matches) size += m.dfTitle;
    if (this.titleDocs.length < size) this.titleDocs = new Int32Array(size);
    const found = this.titleDocs;
    let n = 0;
    for (const m of matches) {
      let at = 0;
      for (let i = 0; i < m.hits.length; i++) {
        if (m.hits[i] < BODY_SPAN) continue;
        const doc = m.docs[i];
        at = seekSorted(docs, at, doc);
        if (at < docs.length && docs[at] === doc) found[n++] = doc;
      }
    }
    // Several matches can share a title document: in order, and once each.
    let t = n;
    if (matches.length > 1) {
      found.subarray(0, n).sort();
      t = 0;
      for (let i = 0; i < n; i++) if (t === 0 || found[t - 1] !== found[i]) found[t++] = found[i];
    }
    return t >= k ? found.subarray(0, t) : undefined;
  }

  /**
   * Insertion into a sorted array of the best k: k is a page (20), and after the first few
   * hundred candidates almost none beats the k-th, so most cost a look at their flags and date,
   * and one weighed but not kept costs no object.
   */
  private keepBest(docs: Int32Array, cols: DocColumns, k: number): Kept[] {
    const { scorer } = this;
    const kept: Kept[] = [];
    let floor = -Infinity;
    for (let c = 0; c < docs.length; c++) {
      const doc = docs[c];
      const flags = scorer.seek(doc);
      const updated = cols.updated[doc];
      if (kept.length === k) {
        const last = kept[k - 1];
        const title = flags & TITLE_MATCH;
        const lastTitle = last.flags & TITLE_MATCH;
        if (title < lastTitle) continue;
        if (title === lastTitle && updated < floor) continue;
      }
      const score = scorer.weight(doc);
      if (kept.length === k && !precedes(flags, score, updated, doc, kept[k - 1])) continue;
      const next: Kept = { doc, flags, score, updated };
      let i = kept.length === k ? k - 1 : kept.length;
      if (kept.length < k) kept.push(next);
      while (i > 0 && before(next, kept[i - 1])) {
        kept[i] = kept[i - 1];
        i--;
      }
      kept[i] = next;
      if (kept.length === k) floor = scorer.updatedBelowWhichUnder(kept[k - 1].score);
    }
    return kept;
  }
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
