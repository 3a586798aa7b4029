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

/** A function scoring documents against the query's positive text matches. */
export function makeScorer(
  matches: TextMatch[],
  stats: CorpusStats,
  cols: DocColumns,
  now: number
): (doc: number) => Ranked {
  const avgTitle = Math.floor(stats.avgTitleTokens);
  const avgBody = Math.floor(stats.avgBodyTokens);
  const idfs = matches.map((m) => [idf(m.dfTitle, stats.docCount), idf(m.dfBody, stats.docCount)]);
  return (doc) => {
    let weight = 0;
    let titleMatch = false;
    let bodyMatch = false;
    for (let i = 0; i < matches.length; i++) {
      const packed = matches[i].hits.get(doc) ?? 0;
      const t = titleHits(packed);
      const b = bodyHits(packed);
      if (t > 0) titleMatch = true;
      if (b > 0) bodyMatch = true;
      weight +=
        bm25(idfs[i][0], t, cols.titleLen[doc], avgTitle) + bm25(idfs[i][1], b, cols.bodyLen[doc], avgBody);
    }
    const updated = cols.updated[doc];
    weight += recencyBoost(updated, now);
    return { doc, score: weight, titleMatch, bodyMatch, completed: cols.isCompleted(doc), updated };
  };
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
