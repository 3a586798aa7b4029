/**
 * The follower's note-tag links (link id → note id: a deleted link can no longer be read, so the
 * follower remembers which note it tagged). A snapshot stores them packed, and a restore keeps
 * them packed until a tag change needs them: a vault with tags has hundreds of thousands of
 * links, which as a Map cost a start a loop over all of them.
 */
import { packStrings, stringAt, type PackedStrings } from './packed-strings';

/** Link id → note id pairs as stored, and as a Map once one is looked up or changed. */
export class LinkNotes {
  private stored: { ids: PackedStrings; notes: PackedStrings } | undefined;
  private map = new Map<string, string>();

  /** The pairs of a snapshot (they become a Map when first needed: most starts never need them). */
  load(ids: PackedStrings, notes: PackedStrings): void {
    this.stored = { ids, notes };
    this.map = new Map();
  }

  /** Forgets every link; returns the (empty) Map to fill. */
  reset(): Map<string, string> {
    this.stored = undefined;
    this.map = new Map();
    return this.map;
  }

  /** The links as a Map. */
  get notes(): Map<string, string> {
    const stored = this.stored;
    if (stored) {
      this.stored = undefined;
      for (let i = 0; i < stored.ids.ends.length; i++)
        this.map.set(stringAt(stored.ids, i), stringAt(stored.notes, i));
    }
    return this.map;
  }

  /** The links packed for a snapshot (as they were loaded, when nothing changed since). */
  pack(): { linkIds: PackedStrings; linkNoteIds: PackedStrings } {
    if (this.stored) return { linkIds: this.stored.ids, linkNoteIds: this.stored.notes };
    return { linkIds: packStrings([...this.map.keys()]), linkNoteIds: packStrings([...this.map.values()]) };
  }
}
