/**
 * Suggested changes to the open note that are not text in its body: a new title, tags added or
 * removed, a move to another notebook, a to-do marked done, the note moved to the trash. They come
 * from the sidebar's assistant calling a workspace tool on the open note (open-note-writes.ts) and
 * wait, as cards above the note, for the user's Accept or Reject, like the inline suggestions.
 * Accepting one writes it as the assistant's change (so the note's history keeps the version before).
 */

/** One pending card. */
export interface NoteSuggestion {
  id: string;
  /** The tool the model called. */
  tool: string;
  /** What accepting it does, in words ("Rename to “Trip”"). */
  description: string;
  /** Short form for the model's report. */
  summary: string;
  /** Makes the change. */
  apply(): Promise<void>;
}

/** The cards of the open note. */
export class NoteSuggestions {
  items: NoteSuggestion[] = $state.raw([]);

  add(item: NoteSuggestion): void {
    this.items = [...this.items, item];
  }

  /** Takes cards out (all, or by id) and returns them. */
  take(ids: readonly string[] | 'all'): NoteSuggestion[] {
    const taken = this.items.filter((s) => ids === 'all' || ids.includes(s.id));
    this.items = this.items.filter((s) => !taken.includes(s));
    return taken;
  }
}
