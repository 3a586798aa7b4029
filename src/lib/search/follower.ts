/**
 * Keeps a SearchIndex current with the database by following its change log.
 *
 * `start()` notes the newest change seq, then indexes every note not in the trash (with its tags)
 * and loads the catalog; changes made meanwhile are replayed by the next `catchUp()`, which is
 * harmless because applying a change means re-reading the item. `catchUp()` reads the log after
 * the cursor in batches: a note is re-read (trashed or gone → removed), a note-tag link re-reads
 * its note's tags, a notebook, tag or resource reloads the catalog. Every tab's writes land in the
 * same log, so each context's index converges.
 *
 * Snapshots: `save()` stores the index (search-snapshot-repo) with the cursor it reflects; `start()`
 * first tries the stored one. It is used only when it is of the index's format, holds together, and
 * its cursor is not past the log's end (a log that went back means another database); the changes
 * after its cursor are then applied as usual. Anything else, and the index is rebuilt from the notes
 * (in the order they were last changed, so equally ranked results keep their order).
 */
import { ItemType, type Change, type Note } from '$lib/core';
import {
  liveQuery,
  deleteSearchSnapshot,
  latestChangeSeq,
  readChangesSince,
  readSearchSnapshot,
  writeSearchSnapshot,
  type FolioDatabase,
  type SearchIndexRecord
} from '$lib/db';
import { SNAPSHOT_FORMAT, type IndexSnapshot } from './index-snapshot';
import { LinkNotes } from './link-notes';
import { SNAPSHOT_KEY } from './snapshot-key';
import { isPackedStrings, type PackedStrings } from './packed-strings';
import type { SearchIndex } from './search-index';
import type { IndexedNote, SearchCatalog } from './types';

/** Changes read from the log per batch. */
export const CHANGE_BATCH = 500;
/**
 * Notes indexed between two yields to the event loop while building: a 50,000-note build takes
 * seconds, and the worker must keep answering other calls meanwhile (searches see the notes
 * indexed so far).
 */
export const BUILD_CHUNK = 500;

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export { SNAPSHOT_KEY };

/**
 * What the follower stores: the index, and the note-tag links it knows (a deleted link can no
 * longer be read), packed: a vault with tags has hundreds of thousands of links, and a restore
 * reads them as two strings instead of one string each.
 */
interface FollowerSnapshot {
  index: IndexSnapshot;
  linkIds: PackedStrings;
  linkNoteIds: PackedStrings;
}

/** How the last `start()` went, for status and benchmarks. */
export type StartKind = 'snapshot' | 'rebuilt';

/** Follows the change log into a SearchIndex. */
export class IndexFollower {
  private seq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** note_tags link id → note id, because a deleted link can no longer be read. */
  private readonly links = new LinkNotes();
  /** Whether the last start used a snapshot, and why not when it did not. */
  started: { kind: StartKind; reason?: string } | undefined;

  constructor(
    private readonly db: FolioDatabase,
    private readonly index: SearchIndex
  ) {}

  /** The seq of the last change the index reflects. */
  get cursor(): number {
    return this.seq;
  }

  /**
   * Loads the stored snapshot, else builds the index from scratch, and sets the cursor. `preRead`
   * is the snapshot record when the caller read it already (a worker reads it while the database
   * opens); it is checked as any other. `restoreTried` is called once the snapshot was restored
   * or refused, before a rebuild.
   */
  start(preRead?: Promise<SearchIndexRecord | undefined>, restoreTried?: () => void): Promise<void> {
    const run = this.queue.then(async () => {
      const why = await this.restore(preRead).finally(restoreTried);
      if (why === undefined) this.started = { kind: 'snapshot' };
      else {
        await this.build();
        this.started = { kind: 'rebuilt', reason: why };
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stores the index with its cursor (after what is queued); resolves to the cursor saved. */
  save(): Promise<number> {
    const run = this.queue.then(async () => {
      const seq = this.seq;
      const data: FollowerSnapshot = { index: this.index.toSnapshot(), ...this.links.pack() };
      await writeSearchSnapshot(this.db, { key: SNAPSHOT_KEY, seq, saved_time: Date.now(), data });
      return seq;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Loads the stored snapshot; returns why it could not (undefined when it did). */
  private async restore(preRead?: Promise<SearchIndexRecord | undefined>): Promise<string | undefined> {
    let record;
    try {
      record = (await preRead) ?? (await readSearchSnapshot(this.db, SNAPSHOT_KEY));
      performance.mark('folio:snapshot-read');
    } catch (error) {
      return `the snapshot could not be read (${(error as Error).message})`;
    }
    if (!record) return 'there is no snapshot';
    const latest = await latestChangeSeq(this.db);
    const data = record.data as FollowerSnapshot | undefined;
    try {
      if (record.seq > latest)
        throw new RangeError(`its cursor ${record.seq} is past the change log's end ${latest}`);
      if (data?.index?.format !== SNAPSHOT_FORMAT)
        throw new RangeError(`its format ${data?.index?.format} is not ${SNAPSHOT_FORMAT}`);
      const links = data.linkIds?.ends?.length ?? -1;
      if (!isPackedStrings(data.linkIds, links) || !isPackedStrings(data.linkNoteIds, links))
        throw new RangeError('its tag links do not hold together');
      this.index.restore(data.index);
      performance.mark('folio:snapshot-restored');
    } catch (error) {
      // A corrupt or outdated snapshot is dropped, so the next start does not try it again.
      await deleteSearchSnapshot(this.db, SNAPSHOT_KEY).catch(() => undefined);
      return `the snapshot was refused: ${(error as Error).message}`;
    }
    this.links.load(data.linkIds, data.linkNoteIds);
    this.index.setCatalog(await this.readCatalog());
    this.seq = record.seq;
    return undefined;
  }

  /** Applies every change logged since the cursor; resolves to how many were applied. */
  catchUp(): Promise<number> {
    const run = this.queue.then(() => this.applyPending());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Catches up whenever the log grows, in this tab or another (Dexie's liveQuery observes the
   * table across contexts). Returns the function that stops following.
   */
  follow(onError: (error: unknown) => void): () => void {
    const subscription = liveQuery(() => latestChangeSeq(this.db)).subscribe({
      next: (seq) => {
        if (seq > this.seq) this.catchUp().catch(onError);
      },
      error: onError
    });
    return () => subscription.unsubscribe();
  }

  private async build(): Promise<void> {
    const seq = await latestChangeSeq(this.db);
    const [notes, links] = await Promise.all([
      this.db.notes.where('deleted_time').equals(0).toArray(),
      this.db.note_tags.toArray()
    ]);
    const tagsByNote = new Map<string, string[]>();
    const linkNotes = this.links.reset();
    for (const link of links) {
      linkNotes.set(link.id, link.note_id);
      const list = tagsByNote.get(link.note_id);
      if (list) list.push(link.tag_id);
      else tagsByNote.set(link.note_id, [link.tag_id]);
    }
    this.index.setCatalog(await this.readCatalog());
    for (const id of this.index.ids()) this.index.remove(id);
    await this.sortByLastChange(notes);
    for (let i = 0; i < notes.length; i++) {
      this.index.upsert(toIndexedNote(notes[i], tagsByNote.get(notes[i].id) ?? []));
      if ((i + 1) % BUILD_CHUNK === 0) await yieldToEventLoop();
    }
    this.index.compact();
    this.seq = seq;
  }

  /**
   * Orders notes as an index that followed the log from the start would hold them: by their last
   * change (Joplin's ties come in the order notes were last indexed), then by id.
   */
  private async sortByLastChange(notes: Note[]): Promise<void> {
    const last = new Map<string, number>();
    await this.db.changes.each((change) => {
      if (change.item_type === ItemType.Note) last.set(change.item_id, change.seq ?? 0);
    });
    notes.sort(
      (a, b) => (last.get(a.id) ?? 0) - (last.get(b.id) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  }

  private async readCatalog(): Promise<SearchCatalog> {
    const [folders, tags, resources] = await Promise.all([
      this.db.folders.where('deleted_time').equals(0).toArray(),
      this.db.tags.toArray(),
      this.db.resources.toArray()
    ]);
    return {
      notebooks: folders.map(({ id, title, parent_id }) => ({ id, title, parent_id })),
      tags: tags.map(({ id, title }) => ({ id, title })),
      resources: resources.map(({ id, mime }) => ({ id, mime }))
    };
  }

  private async applyPending(): Promise<number> {
    let applied = 0;
    for (;;) {
      const changes = await readChangesSince(this.db, this.seq, CHANGE_BATCH);
      if (!changes.length) break;
      await this.apply(changes);
      this.seq = changes[changes.length - 1].seq ?? this.seq;
      applied += changes.length;
    }
    if (this.index.garbageRatio > 0.5) this.index.compact();
    return applied;
  }

  private async apply(changes: Change[]): Promise<void> {
    const noteIds = new Set<string>();
    const linkChanges: Change[] = [];
    let catalogChanged = false;
    for (const change of changes) {
      if (change.item_type === ItemType.Note) noteIds.add(change.item_id);
      else if (change.item_type === ItemType.NoteTag) linkChanges.push(change);
      else if (
        change.item_type === ItemType.Folder ||
        change.item_type === ItemType.Tag ||
        change.item_type === ItemType.Resource
      ) {
        catalogChanged = true;
      }
    }
    await this.applyLinks(linkChanges, noteIds);
    if (catalogChanged) this.index.setCatalog(await this.readCatalog());
    await this.reindexNotes([...noteIds]);
  }

  /**
   * Adds the notes whose tags changed: the note a link belonged to (known, as a deleted link can no
   * longer be read) and the note it belongs to now. The links are read in one request: one read
   * per change waited on IndexedDB 500 times a batch, seconds after an import of tagged notes.
   */
  private async applyLinks(changes: Change[], noteIds: Set<string>): Promise<void> {
    if (!changes.length) return;
    const linkNotes = this.links.notes;
    const read = [...new Set(changes.filter((c) => c.kind !== 'deleted').map((c) => c.item_id))];
    const links = new Map(
      (await this.db.note_tags.bulkGet(read)).flatMap((link) => (link ? [[link.id, link] as const] : []))
    );
    for (const change of changes) {
      const known = linkNotes.get(change.item_id);
      if (known) noteIds.add(known);
      const link = change.kind === 'deleted' ? undefined : links.get(change.item_id);
      if (link) {
        linkNotes.set(link.id, link.note_id);
        noteIds.add(link.note_id);
      } else {
        linkNotes.delete(change.item_id);
      }
    }
  }

  private async reindexNotes(ids: string[]): Promise<void> {
    if (!ids.length) return;
    // One request per note, sent together in one transaction: Dexie's anyOf walks a cursor and
    // waits on IndexedDB for every key it jumps to.
    const [notes, links] = await this.db.transaction('r', this.db.notes, this.db.note_tags, () =>
      Promise.all([
        this.db.notes.bulkGet(ids),
        Promise.all(ids.map((id) => this.db.note_tags.where('note_id').equals(id).toArray())).then((lists) =>
          lists.flat()
        )
      ])
    );
    const tagsByNote = new Map<string, string[]>();
    const linkNotes = this.links.notes;
    for (const link of links) {
      linkNotes.set(link.id, link.note_id);
      tagsByNote.set(link.note_id, [...(tagsByNote.get(link.note_id) ?? []), link.tag_id]);
    }
    ids.forEach((id, i) => {
      const note = notes[i];
      if (!note || note.deleted_time) this.index.remove(id);
      else this.index.upsert(toIndexedNote(note, tagsByNote.get(id) ?? []));
    });
  }
}

/** The index's view of a stored note. */
export function toIndexedNote(note: Note, tagIds: string[]): IndexedNote {
  return { ...note, tag_ids: tagIds };
}
