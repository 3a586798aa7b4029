/**
 * Joplin's ranking (reference.md): notes with a searched word in the title first; then the weight,
 * BM25 (k1 1.2, b 0.75) summed over the query's phrases and the title and body columns, plus a
 * recency boost; then completed to-dos after the rest; then the most recently updated.
 *
 * As in SQLite FTS4's matchinfo, which Joplin's weight reads: idf uses each column's own count of
 * documents with a hit, and the average column length is a whole number of tokens.
 */
import type { DocRecord } from './doc-record';
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

/** A scored candidate. */
export interface Ranked {
  doc: number;
  record: DocRecord;
  score: number;
  titleMatch: boolean;
  /** Whether a searched word is in the body (the snippet then looks for it). */
  bodyMatch: boolean;
}

/** Scores one document against the query's positive text matches. */
export function score(doc: number, record: DocRecord, matches: TextMatch[], stats: CorpusStats, now: number): Ranked {
  let weight = 0;
  let titleMatch = false;
  let bodyMatch = false;
  const avgTitle = Math.floor(stats.avgTitleTokens);
  const avgBody = Math.floor(stats.avgBodyTokens);
  for (const match of matches) {
    const packed = match.hits.get(doc) ?? 0;
    const t = titleHits(packed);
    const b = bodyHits(packed);
    if (t > 0) titleMatch = true;
    if (b > 0) bodyMatch = true;
    weight += bm25(idf(match.dfTitle, stats.docCount), t, record.titleTerms.length, avgTitle);
    weight += bm25(idf(match.dfBody, stats.docCount), b, record.bodyTerms.length, avgBody);
  }
  weight += recencyBoost(record.updated, now);
  return { doc, record, score: weight, titleMatch, bodyMatch };
}

const completedTodo = (r: DocRecord): boolean => r.is_todo && r.todo_completed !== 0;

/** Orders results best first, as Joplin's search does. */
export function compareRanked(a: Ranked, b: Ranked): number {
  if (a.titleMatch !== b.titleMatch) return a.titleMatch ? -1 : 1;
  if (a.score !== b.score) return b.score - a.score;
  const ca = completedTodo(a.record);
  const cb = completedTodo(b.record);
  if (ca !== cb) return ca ? 1 : -1;
  return b.record.updated - a.record.updated;
}
