/**
 * The full-text index: an in-memory inverted index (postings.ts), each note's term streams
 * (term-streams.ts) and record, answering the whole search syntax. It can hold the note bodies for
 * snippets, or leave them to the caller (`keepBodies: false`, what the worker does: the database
 * has them, and 50,000 bodies are most of the memory an index would take). Which notes a query
 * selects is select.ts's (Joplin's query builder); their order is rank.ts's (Joplin's ranking):
 * only notes that could make the page are scored, and only the page's best become result objects.
 * Trashed notes are never upserted (the follower removes them), so search only sees live notes.
 */
import { CatalogView, EMPTY_CATALOG } from './catalog';
import { DocColumns } from './columns';
import { DocMarks } from './doc-sets';
import { DocTable } from './doc-table';
import { filterPredicate, notebookPredicate, type FilterContext, type Predicate } from './filters';
import { indexFromSnapshot, indexToSnapshot, type IndexSnapshot, type IndexState } from './index-snapshot';
import { Postings } from './postings';
import { parseQuery } from './query-parser';
import type { ParsedQuery, QueryToken, TextTerm } from './query-types';
import { Ranker, type CorpusStats, type Ranked } from './rank';
import { selectAll, selectAny, type Selection, type SelectSource } from './select';
import { SnippetMaker } from './snippet';
import { TermStreams } from './term-streams';
import { matchText, matchTextWithin, withoutText } from './text-match';
import { MatchScratch, type DocSource } from './text-match-core';
import type { IndexedNote, SearchCatalog, SearchOptions, SearchResponse, SearchResult } from './types';

/** Text terms beyond this many are ignored (with a warning), so a pasted essay cannot stall search. */
export const MAX_TEXT_TERMS = 200;
const DEFAULT_LIMIT = 20;

/** Options of a SearchIndex. */
export interface SearchIndexOptions {
  /** Keep note bodies for snippets (default true); without them results have empty snippets. */
  keepBodies?: boolean;
}

/** The full-text index of the notes. */
export class SearchIndex {
  private postings = new Postings();
  private streams = new TermStreams();
  private docs = new DocTable();
  /** Note id → live document; built when first needed (a restore and a search do not need it). */
  private idMap: Map<string, number> | undefined = new Map();
  private liveCount = 0;
  private catalog = new CatalogView(EMPTY_CATALOG);
  private cols = new DocColumns(this.docs, this.streams);
  private titleTokens = 0;
  private bodyTokens = 0;
  private readonly keepBodies: boolean;
  private readonly scratch = new MatchScratch();
  private readonly ranker = new Ranker();
  /** The last search's snippet maker, reused while the searched words stay the same (see `snippetsFor`). */
  private snippets: { key: string; maker: SnippetMaker } | undefined;
  private readonly source: DocSource = {
    isLive: (doc) => this.docs.isLive(doc),
    allLive: () => this.liveCount === this.docs.length,
    slots: () => this.docs.length,
    titleLength: (doc) => this.streams.titleLen[doc],
    bodyLength: (doc) => this.streams.bodyLen[doc],
    readInto: (doc, out) => this.streams.readInto(doc, out),
    countRun: (doc, run, anchor, counts, maxTitle, maxBody) =>
      this.streams.countRun(doc, run, anchor, counts, maxTitle, maxBody)
  };

  constructor(options: SearchIndexOptions = {}) {
    this.keepBodies = options.keepBodies ?? true;
  }

  /** An index restored from a snapshot (throws RangeError when the snapshot does not hold together). */
  static fromSnapshot(snapshot: IndexSnapshot, options: SearchIndexOptions = {}): SearchIndex {
    const index = new SearchIndex(options);
    index.load(indexFromSnapshot(snapshot));
    return index;
  }

  /** Replaces this index's notes with a snapshot's (throws RangeError, leaving the index as it was, when the snapshot does not hold together). */
  restore(snapshot: IndexSnapshot): void {
    this.load(indexFromSnapshot(snapshot));
  }

  /** The index as a snapshot to store (compacted first, so it holds live notes only, in order). */
  toSnapshot(): IndexSnapshot {
    this.compact();
    return indexToSnapshot(this.state());
  }

  private state(): IndexState {
    return {
      postings: this.postings,
      streams: this.streams,
      docs: this.docs,
      titleTokens: this.titleTokens,
      bodyTokens: this.bodyTokens
    };
  }

  private load(state: IndexState): void {
    this.postings = state.postings;
    this.streams = state.streams;
    this.docs = state.docs;
    this.titleTokens = state.titleTokens;
    this.bodyTokens = state.bodyTokens;
    this.idMap = undefined;
    this.cols = new DocColumns(state.docs, this.streams);
    this.liveCount = state.docs.length;
  }

  /** How many notes are indexed. */
  get size(): number {
    return this.liveCount;
  }

  private get byId(): Map<string, number> {
    if (!this.idMap) {
      this.idMap = new Map();
      for (let doc = 0; doc < this.docs.length; doc++)
        if (this.docs.isLive(doc)) this.idMap.set(this.docs.id(doc), doc);
    }
    return this.idMap;
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
    const { titleTerms, bodyTerms } = this.postings.add(doc, note.title, note.body);
    this.streams.set(doc, titleTerms, bodyTerms);
    this.docs.append(note, this.keepBodies ? note.body : '');
    this.cols.added(doc);
    this.byId.set(note.id, doc);
    this.liveCount++;
    this.titleTokens += titleTerms.length;
    this.bodyTokens += bodyTerms.length;
  }

  /** Drops a note (no-op when absent). */
  remove(id: string): void {
    const doc = this.byId.get(id);
    if (doc === undefined) return;
    this.titleTokens -= this.streams.titleLen[doc];
    this.bodyTokens -= this.streams.bodyLen[doc];
    this.docs.retire(doc);
    this.byId.delete(id);
    this.liveCount--;
  }

  /** The ids of all indexed notes. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** Share of document slots held by replaced or removed notes. */
  get garbageRatio(): number {
    return this.docs.length ? 1 - this.liveCount / this.docs.length : 0;
  }

  /** Renumbers the live notes (keeping their order) and packs the postings; drops what removed ones left behind. */
  compact(): void {
    if (this.liveCount === this.docs.length) {
      // Nothing retired: the numbering stands, only postings added since the last pack are packed.
      if (this.postings.hasTail)
        this.postings.pack(Int32Array.from({ length: this.docs.length }, (_, i) => i));
      return;
    }
    const renumber = new Int32Array(this.docs.length).fill(-1);
    const liveDocs: number[] = [];
    for (let doc = 0; doc < this.docs.length; doc++) {
      if (!this.docs.isLive(doc)) continue;
      renumber[doc] = liveDocs.length;
      liveDocs.push(doc);
    }
    this.postings.pack(renumber);
    this.streams.compact(liveDocs, this.docs.length);
    this.load({ ...this.state(), docs: this.docs.select(liveDocs) });
  }

  /** Rough bytes held by the index, including the note texts kept for snippets. */
  memoryEstimate(): number {
    return this.postings.memoryEstimate() + this.streams.memoryEstimate() + this.docs.memoryEstimate();
  }

  private stats(): CorpusStats {
    const n = this.liveCount;
    return {
      docCount: n,
      avgTitleTokens: n ? this.titleTokens / n : 0,
      avgBodyTokens: n ? this.bodyTokens / n : 0
    };
  }

  /** Searches with the full syntax; never throws on malformed input (see `warnings`). */
  search(query: string | ParsedQuery, options: SearchOptions = {}): SearchResponse {
    const parsed = typeof query === 'string' ? parseQuery(query) : query;
    const now = options.now ?? Date.now();
    const requested = Math.floor(options.limit ?? DEFAULT_LIMIT);
    const limit = Number.isFinite(requested) ? Math.max(0, requested) : DEFAULT_LIMIT;
    const warnings = [...parsed.warnings];
    const selected = this.evaluate(parsed, now, warnings);
    if (!selected) return { results: [], total: 0, warnings };
    const top = this.ranker.top(selected.docs, selected.matches, this.stats(), this.cols, now, limit);
    const snippets = this.snippetsFor(positiveTokens(parsed));
    const results = top.map((r) => toResult(r, this.docs, snippets));
    return { results, total: selected.docs.length, warnings };
  }

  /**
   * A snippet maker for the searched words: the last one when they are the same (the note list
   * runs its query again after every save), keeping its compiled regex. Kept between searches
   * for a second reason: V8 drops a class's final object shape, and the optimized code built on
   * it, at a GC that finds no instance left, and the next searches then ran unoptimized.
   */
  private snippetsFor(tokens: QueryToken[]): SnippetMaker {
    const key = JSON.stringify(tokens.map((t) => [t.text, t.prefix]));
    if (this.snippets?.key !== key) this.snippets = { key, maker: new SnippetMaker(tokens) };
    return this.snippets.maker;
  }

  /** The matching documents (ascending) and the positive text matches that score them. */
  private evaluate(parsed: ParsedQuery, now: number, warnings: string[]): Selection | undefined {
    if (!parsed.terms.length) return undefined;
    let texts = parsed.terms.filter((t): t is TextTerm => t.kind === 'text');
    if (texts.length > MAX_TEXT_TERMS) {
      warnings.push(`Only the first ${MAX_TEXT_TERMS} words of the query are searched.`);
      texts = texts.slice(0, MAX_TEXT_TERMS);
    }
    const ctx: FilterContext = { catalog: this.catalog, cols: this.cols, docs: this.docs };
    const filters = parsed.terms
      .map((t) => filterPredicate(t, ctx, parsed.any, now))
      .filter((p): p is Predicate => !!p);
    const inNotebook = notebookPredicate(parsed.terms, ctx);
    const positives = texts.filter((t) => !t.negated);
    const negatives = texts.filter((t) => t.negated);
    const select = parsed.any ? selectAny : selectAll;
    const selected = select(this.selectSource, positives, negatives, filters, inNotebook);
    return selected?.docs.length ? selected : undefined;
  }

  /** What selection reads of this index. */
  private readonly selectSource: SelectSource = {
    match: (term) => matchText(this.postings, this.source, term, this.scratch),
    matchWithin: (term, within) => matchTextWithin(this.postings, this.source, term, this.scratch, within),
    without: (term, docs) => withoutText(this.postings, this.source, term, this.scratch, docs),
    estimate: (term) => {
      const token = term.tokens[0];
      const id = token.prefix ? undefined : this.postings.idOf(token.text);
      return token.prefix ? Number.MAX_SAFE_INTEGER : id === undefined ? 0 : this.postings.listLength(id);
    },
    liveDocs: () => this.liveDocs(),
    slots: () => this.docs.length,
    marks: new DocMarks()
  };

  private liveDocs(): Int32Array {
    const live = new Int32Array(this.liveCount);
    let n = 0;
    for (let doc = 0; doc < this.docs.length; doc++) if (this.docs.isLive(doc)) live[n++] = doc;
    return live.subarray(0, n);
  }
}

function toResult(r: Ranked, docs: DocTable, snippets: SnippetMaker): SearchResult {
  const body = docs.body(r.doc);
  // An index without bodies (the worker's) leaves snippets to withSnippets: no text, none to cut.
  const snippet = body ? snippets.snippet(body, r.bodyMatch) : { text: '', highlights: [] };
  const title = docs.title(r.doc);
  return {
    id: docs.id(r.doc),
    title,
    notebook_id: docs.parentId(r.doc),
    updated_time: docs.number(r.doc, 'updated_time'),
    score: r.score,
    title_match: r.titleMatch,
    snippet: snippet.text,
    highlights: snippet.highlights,
    title_highlights: snippets.highlights(title)
  };
}

/** The tokens of the query's positive text terms: what snippets and highlights look for. */
function positiveTokens(parsed: ParsedQuery): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const t of parsed.terms) if (t.kind === 'text' && !t.negated) tokens.push(...t.tokens);
  return tokens;
}

/**
 * Fills in the snippets of results from an index that keeps no bodies, from the bodies the caller
 * read (a result whose body is missing keeps an empty snippet).
 */
export function withSnippets(
  response: SearchResponse,
  query: string | ParsedQuery,
  bodyOf: (id: string) => string | undefined
): SearchResponse {
  const snippets = new SnippetMaker(positiveTokens(typeof query === 'string' ? parseQuery(query) : query));
  const results = response.results.map((result) => {
    const body = bodyOf(result.id);
    if (body === undefined) return result;
    const snippet = snippets.snippet(body);
    return { ...result, snippet: snippet.text, highlights: snippet.highlights };
  });
  return { ...response, results };
}
