/**
 * Joplin's ranking (reference.md): notes with a searched word in the title first; then the weight,
 * BM25 (k1 1.2, b 0.75) summed over the query's phrases and the title and body columns, plus a
 * recency boost; then completed to-dos after the rest; then the most recently updated.
 *
 * As in SQLite FTS4's matchinfo, which Joplin's weight reads: idf uses each column's own count of
 * documents with a hit, and the average column length is a whole number of tokens.
 */
import type { DocColumns } from './columns';
import { bodyHits, titleHits, type TextMatch } from './text-match';

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

/** Every candidate's ranking keys, in columns aligned with `docs` (no object per candidate). */
export interface ScoredCandidates {
  docs: Int32Array;
  score: Float64Array;
  /** Bit 1: a searched word in the title; 2: in the body; 4: a completed to-do. */
  flags: Uint8Array;
}

const TITLE_MATCH = 1;
const BODY_MATCH = 2;
const COMPLETED = 4;

/**
 * Scores the candidates (ascending) against the query's positive text matches. Each match's
 * documents are ascending too, so one cursor per match walks beside the candidates. The weight is
 * summed in the same order, term by term, as Joplin's formula, so equal notes get equal scores.
 */
export function scoreCandidates(
  docs: Int32Array,
  matches: TextMatch[],
  stats: CorpusStats,
  cols: DocColumns,
  now: number
): ScoredCandidates {
  const avgTitle = Math.floor(stats.avgTitleTokens);
  const avgBody = Math.floor(stats.avgBodyTokens);
  const titleIdf = Float64Array.from(matches, (m) => idf(m.dfTitle, stats.docCount));
  const bodyIdf = Float64Array.from(matches, (m) => idf(m.dfBody, stats.docCount));
  const cursors = new Int32Array(matches.length);
  const score = new Float64Array(docs.length);
  const flags = new Uint8Array(docs.length);
  const { titleLen, bodyLen, updated } = cols;
  for (let c = 0; c < docs.length; c++) {
    const doc = docs[c];
    let weight = 0;
    let flag = 0;
    for (let i = 0; i < matches.length; i++) {
      const m = matches[i];
      let at = cursors[i];
      while (at < m.docs.length && m.docs[at] < doc) at++;
      cursors[i] = at;
      const packed = at < m.docs.length && m.docs[at] === doc ? m.hits[at] : 0;
      const t = titleHits(packed);
      const b = bodyHits(packed);
      if (t > 0) flag |= TITLE_MATCH;
      if (b > 0) flag |= BODY_MATCH;
      weight += bm25(titleIdf[i], t, titleLen[doc], avgTitle) + bm25(bodyIdf[i], b, bodyLen[doc], avgBody);
    }
    weight += recencyBoost(updated[doc], now);
    score[c] = weight;
    flags[c] = flag | (cols.isCompleted(doc) ? COMPLETED : 0);
  }
  return { docs, score, flags };
}

/**
 * The best `k` candidates in Joplin's order (compareRanked's, on the columns). For a page much
 * smaller than the matches, one pass keeps the best k in order and most candidates cost one
 * comparison with the k-th; otherwise everything is sorted.
 */
export function topRanked(scored: ScoredCandidates, k: number, cols: DocColumns): Ranked[] {
  const { docs, score, flags } = scored;
  const n = docs.length;
  const before = (i: number, j: number): boolean => {
    const ti = flags[i] & TITLE_MATCH;
    const tj = flags[j] & TITLE_MATCH;
    if (ti !== tj) return ti > tj;
    if (score[i] !== score[j]) return score[i] > score[j];
    const ci = flags[i] & COMPLETED;
    const cj = flags[j] & COMPLETED;
    if (ci !== cj) return ci < cj;
    const ui = cols.updated[docs[i]];
    const uj = cols.updated[docs[j]];
    if (ui !== uj) return ui > uj;
    return docs[i] < docs[j];
  };
  let order: Int32Array;
  if (k === 0 || n === 0) order = new Int32Array(0);
  else if (n <= k * 4) {
    order = Int32Array.from({ length: n }, (_, i) => i).sort((i, j) => (before(i, j) ? -1 : 1));
    order = order.subarray(0, Math.min(k, n));
  } else {
    // Insertion into a sorted array of the best k: k is a page (20), and after the first few
    // hundred candidates almost none beats the k-th, so this is one comparison per candidate.
    order = new Int32Array(k);
    let size = 0;
    for (let c = 0; c < n; c++) {
      if (size === k && !before(c, order[k - 1])) continue;
      let i = size === k ? k - 1 : size++;
      while (i > 0 && before(c, order[i - 1])) {
        order[i] = order[i - 1];
        i--;
      }
      order[i] = c;
    }
  }
  return Array.from(order, (c) => ({
    doc: docs[c],
    score: score[c],
    titleMatch: (flags[c] & TITLE_MATCH) !== 0,
    bodyMatch: (flags[c] & BODY_MATCH) !== 0,
    completed: (flags[c] & COMPLETED) !== 0,
    updated: cols.updated[docs[c]]
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
