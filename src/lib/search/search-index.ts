/**
 * The full-text index: an in-memory inverted index (postings.ts) plus each note's record, answering
 * the whole search syntax. Evaluation follows Joplin's query builder:
 * - AND (default): every term must hold; positive text terms are intersected first, smallest
 *   first, and the filters are checked on what survives.
 * - `any:1`: a note matches when any term holds; notebook filters still restrict (ANDed).
 * Trashed notes are never upserted (the follower removes them), so search only sees live notes.
 */
import { CatalogView, EMPTY_CATALOG } from './catalog';
import { toDocRecord, type DocRecord } from './doc-record';
import { DocColumns } from './columns';
import { filterPredicate, notebookPredicate, type FilterContext, type Predicate } from './filters';
import { Postings } from './postings';
import { parseQuery } from './query-parser';
import type { ParsedQuery, QueryToken, TextTerm } from './query-types';
import { compareRanked, makeScorer, type CorpusStats, type Ranked } from './rank';
import { SnippetMaker } from './snippet';
import { matchText, type TextMatch } from './text-match';
import type { IndexedNote, SearchCatalog, SearchOptions, SearchResponse, SearchResult } from './types';

/** Text terms beyond this many are ignored (with a warning), so a pasted essay cannot stall search. */
export const MAX_TEXT_TERMS = 200;
const DEFAULT_LIMIT = 20;

/** The full-text index of the notes. */
export class SearchIndex {
  private postings = new Postings();
  private docs: (DocRecord | undefined)[] = [];
  private readonly byId = new Map<string, number>();
  private catalog = new CatalogView(EMPTY_CATALOG);
  private cols = new DocColumns();
  private titleTokens = 0;
  private bodyTokens = 0;
  private readonly source = {
    isLive: (doc: number) => this.docs[doc] !== undefined,
    fields: (doc: number) => this.docs[doc] as DocRecord
  };

  /** How many notes are indexed. */
  get size(): number {
    return this.byId.size;
  }

  /** Whether the note is indexed. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Replaces the notebooks, tags and resources that filters resolve names against. */
  setCatalog(catalog: SearchCatalog): void {
    this.catalog = new CatalogView(catalog);
  }

  /** The catalog in use. */
  getCatalog(): SearchCatalog {
    return this.catalog.catalog;
  }

  /** Adds a note, or replaces its previous version. */
  upsert(note: IndexedNote): void {
    this.remove(note.id);
    const doc = this.docs.length;
    const record = toDocRecord(note, this.postings.add(doc, note.title, note.body));
    this.docs.push(record);
    this.cols.set(doc, record);
    this.byId.set(note.id, doc);
    this.titleTokens += record.titleTerms.length;
    this.bodyTokens += record.bodyTerms.length;
  }

  /** Drops a note (no-op when absent). */
  remove(id: string): void {
    const doc = this.byId.get(id);
    if (doc === undefined) return;
    const record = this.docs[doc] as DocRecord;
    this.titleTokens -= record.titleTerms.length;
    this.bodyTokens -= record.bodyTerms.length;
    this.cols.clear(doc, record);
    this.docs[doc] = undefined;
    this.byId.delete(id);
  }

  /** The ids of all indexed notes. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** Share of document slots held by replaced or removed notes. */
  get garbageRatio(): number {
    return this.docs.length ? 1 - this.byId.size / this.docs.length : 0;
  }

  /** Renumbers the live notes and drops what removed ones left behind. */
  compact(): void {
    const live = this.docs.filter((d): d is DocRecord => d !== undefined);
    const renumber = new Map<number, number>();
    live.forEach((record, i) => renumber.set(this.byId.get(record.id) as number, i));
    this.postings.compact((doc) => this.docs[doc] !== undefined);
    this.postings.renumber(renumber);
    this.docs = live;
    this.cols = new DocColumns();
    live.forEach((record, i) => {
      this.byId.set(record.id, i);
      this.cols.set(i, record);
    });
  }

  /** Rough bytes held by the index, including the note texts kept for snippets. */
  memoryEstimate(): number {
    let bytes = this.postings.memoryEstimate() + this.docs.length * 8;
    for (const d of this.docs) {
      if (!d) continue;
      bytes += 400 + (d.title.length + d.body.length + d.source_url.length) * 2;
      bytes += (d.titleTerms.length + d.bodyTerms.length) * 4 + (d.tag_ids.length + d.link_ids.length) * 80;
    }
    return bytes;
  }

  private stats(): CorpusStats {
    const n = this.byId.size;
    return { docCount: n, avgTitleTokens: n ? this.titleTokens / n : 0, avgBodyTokens: n ? this.bodyTokens / n : 0 };
  }

  /** Searches with the full syntax; never throws on malformed input (see `warnings`). */
  search(query: string | ParsedQuery, options: SearchOptions = {}): SearchResponse {
    const parsed = typeof query === 'string' ? parseQuery(query) : query;
    const now = options.now ?? Date.now();
    const requested = Math.floor(options.limit ?? DEFAULT_LIMIT);
    const limit = Number.isFinite(requested) ? Math.max(0, requested) : DEFAULT_LIMIT;
    const warnings = [...parsed.warnings];
    const ranked = this.evaluate(parsed, now, warnings);
    const snippets = new SnippetMaker(positiveTokens(parsed));
    const results = topK(ranked, limit).map((r) => toResult(r, this.docs[r.doc] as DocRecord, snippets));
    return { results, total: ranked.length, warnings };
  }

  private evaluate(parsed: ParsedQuery, now: number, warnings: string[]): Ranked[] {
    if (!parsed.terms.length) return [];
    let texts = parsed.terms.filter((t): t is TextTerm => t.kind === 'text');
    if (texts.length > MAX_TEXT_TERMS) {
      warnings.push(`Only the first ${MAX_TEXT_TERMS} words of the query are searched.`);
      texts = texts.slice(0, MAX_TEXT_TERMS);
    }
    const ctx: FilterContext = { catalog: this.catalog, cols: this.cols, record: (doc) => this.docs[doc] as DocRecord };
    const filters = parsed.terms.map((t) => filterPredicate(t, ctx, parsed.any, now)).filter((p): p is Predicate => !!p);
    const inNotebook = notebookPredicate(parsed.terms, ctx) ?? (() => true);
    const positives = texts.filter((t) => !t.negated);
    const negatives = texts.filter((t) => t.negated);
    const selected = parsed.any
      ? this.selectAny(positives, negatives, filters, inNotebook)
      : this.selectAll(positives, negatives, filters, inNotebook);
    if (!selected) return [];
    return selected.docs.map(makeScorer(selected.matches, this.stats(), this.cols, now));
  }

  /** AND: intersect positive matches (rarest first), then apply negations and filters. */
  private selectAll(positives: TextTerm[], negatives: TextTerm[], filters: Predicate[], inNotebook: Predicate) {
    const matches: TextMatch[] = [];
    let candidates: number[] | undefined;
    for (const term of this.byRarity(positives)) {
      const match = matchText(this.postings, this.source, term);
      matches.push(match);
      candidates = candidates ? candidates.filter((d) => match.hits.has(d)) : [...match.hits.keys()];
      if (!candidates.length) return undefined;
    }
    const pool = candidates ?? this.liveDocs();
    const excluded = negatives.map((term) => matchText(this.postings, this.source, term));
    const docs = pool.filter((doc) => inNotebook(doc) && excluded.every((m) => !m.hits.has(doc)) && filters.every((p) => p(doc)));
    return { docs, matches };
  }

  /** OR (`any:1`): a note matching any term, within the notebook filters. */
  private selectAny(positives: TextTerm[], negatives: TextTerm[], filters: Predicate[], inNotebook: Predicate) {
    const matches = positives.map((term) => matchText(this.postings, this.source, term));
    const excluded = negatives.map((term) => matchText(this.postings, this.source, term));
    const docs = this.liveDocs().filter(
      (doc) =>
        inNotebook(doc) && (matches.some((m) => m.hits.has(doc)) || excluded.some((m) => !m.hits.has(doc)) || filters.some((p) => p(doc)))
    );
    return { docs, matches };
  }

  private byRarity(terms: TextTerm[]): TextTerm[] {
    const estimate = (term: TextTerm) => {
      const token = term.tokens[0];
      const id = token.prefix ? undefined : this.postings.idOf(token.text);
      return token.prefix ? Number.MAX_SAFE_INTEGER : id === undefined ? 0 : this.postings.listLength(id);
    };
    return terms.map((term) => ({ term, size: estimate(term) })).sort((a, b) => a.size - b.size).map((x) => x.term);
  }

  private liveDocs(): number[] {
    return [...this.byId.values()];
  }
}

function toResult(r: Ranked, record: DocRecord, snippets: SnippetMaker): SearchResult {
  const snippet = snippets.snippet(record.body, r.bodyMatch);
  return {
    id: record.id,
    title: record.title,
    notebook_id: record.parent_id,
    updated_time: record.updated_time,
    score: r.score,
    title_match: r.titleMatch,
    snippet: snippet.text,
    highlights: snippet.highlights,
    title_highlights: snippets.highlights(record.title)
  };
}

/** The best `k` in order, without sorting everything when k is small. */
function topK(ranked: Ranked[], k: number): Ranked[] {
  if (k === 0) return [];
  if (ranked.length <= k * 4) return ranked.sort(compareRanked).slice(0, k);
  const best: Ranked[] = [];
  for (const r of ranked) {
    if (best.length === k && compareRanked(r, best[k - 1]) >= 0) continue;
    let i = best.length - (best.length === k ? 1 : 0);
    best.length = Math.min(best.length + 1, k);
    while (i > 0 && compareRanked(r, best[i - 1]) < 0) {
      best[i] = best[i - 1];
      i--;
    }
    best[i] = r;
  }
  return best;
}

/** The tokens of the query's positive text terms: what snippets and highlights look for. */
function positiveTokens(parsed: ParsedQuery): QueryToken[] {
  return parsed.terms.flatMap((t) => (t.kind === 'text' && !t.negated ? t.tokens : []));
}
