/**
 * The virtualised note list's data: of the (possibly 10,000) ids in the list, only the rows in
 * view plus an overscan are read from the database, live, so a title typed in another tab shows.
 */
import { getNotes, type FolioDatabase } from '$lib/db';
import { LiveQuery } from './live-query.svelte';
import { summarize, type NoteSummary } from './note-summary';
import { visibleRange, type RowRange } from './virtual-range';

/** Every row is this tall, so positions are computed, never measured. */
export const NOTE_ROW_HEIGHT_PX = 64;
/** Rendered rows this close to the last id read count as near the end (see `nearEnd`). */
const NEAR_END_ROWS = 32;

/** The rows of the note list that are rendered, and their notes. */
export class NoteListWindow {
  scrollTop = $state(0);
  viewportHeight = $state(800);
  readonly #range: RowRange = $derived.by(() =>
    visibleRange(this.scrollTop, this.viewportHeight, NOTE_ROW_HEIGHT_PX, this.#ids().length)
  );
  // Numbers, not the range object: a scroll within the same range then changes nothing downstream.
  /** The first rendered row's index. */
  readonly start: number = $derived(this.#range.start);
  readonly #end: number = $derived(this.#range.end);
  /** The last window, kept when the next has the same ids (no new database read). */
  #lastWindow: string[] = [];
  /** Whether the list was scrolled down to within a few screens' rows of the last id it has. */
  readonly nearEnd: boolean = $derived.by(
    () => this.scrollTop > 0 && this.#ids().length - this.#end < NEAR_END_ROWS
  );
  /** The ids of the rendered rows, in order. */
  readonly windowIds: string[] = $derived.by(() => this.#sameOrNew(this.#ids().slice(this.start, this.#end)));
  /** Summaries of the rendered rows' notes the first rows do not hold, by id (a missing id is still loading or was deleted). */
  readonly summaries: LiveQuery<Map<string, NoteSummary>, { ids: string[]; first: Map<string, NoteSummary> }>;
  #ids: () => string[];
  #firstSummaries: () => Map<string, NoteSummary>;

  /**
   * `onRead` is called after each read of rows' notes (the first one ends the first screen).
   * `firstSummaries` are rows read before (Workspace.firstSummaries, as live as this window's):
   * the window does not read them again, so the first screen's rows are read once, not twice.
   */
  constructor(
    db: FolioDatabase,
    ids: () => string[],
    onRead: () => void = () => {},
    firstSummaries: () => Map<string, NoteSummary> = () => new Map()
  ) {
    this.#ids = ids;
    this.#firstSummaries = firstSummaries;
    this.summaries = new LiveQuery(
      // The first rows are an input: when they change (a copy sync made takes a place among them),
      // a row they no longer hold is read here.
      () => ({ ids: this.windowIds, first: this.#firstSummaries() }),
      async ({ ids: windowIds, first }) => {
        const missing = windowIds.filter((id) => !first.has(id));
        const notes = missing.length ? await getNotes(db, missing) : [];
        if (windowIds.length) onRead();
        return new Map(notes.filter((n) => n !== undefined).map((n) => [n.id, summarize(n)]));
      },
      new Map()
    );
  }

  /** The summary a row shows: the first rows', else the window's read (undefined: still loading or deleted). */
  summaryOf(id: string): NoteSummary | undefined {
    return this.#firstSummaries().get(id) ?? this.summaries.current.get(id);
  }

  // At start the list switches from the first screenful of ids to all of them: the rows in view
  // are the same, and reading them again would delay the first screen (issue 2).
  #sameOrNew(ids: string[]): string[] {
    const last = this.#lastWindow;
    if (ids.length === last.length && ids.every((id, i) => id === last[i])) return last;
    this.#lastWindow = ids;
    return ids;
  }

  destroy(): void {
    this.summaries.destroy();
  }
}
