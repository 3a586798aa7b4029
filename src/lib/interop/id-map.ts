/**
 * Import never overwrites: every id an archive uses (its items' own ids, and the ids they point
 * to) is decided once, keeping the id when nothing in Folio has it and giving a new one when
 * something does. Decisions are made in batches (one lookup per batch), and are stable, so links
 * to an item written later still land on the id that item gets.
 */
import { newId } from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import { existingItemIds } from '$lib/db';

/** The ids of one import, old to new. */
export class IdMap {
  readonly #db: FolioDatabase;
  readonly #map = new Map<string, string>();
  readonly #reverse = new Map<string, string>();

  constructor(db: FolioDatabase) {
    this.#db = db;
  }

  /** Decides the ids not decided yet: kept if free, new if Folio already holds them. */
  async decide(ids: Iterable<string>): Promise<void> {
    const open = [...new Set([...ids].filter((id) => id && !this.#map.has(id)))];
    if (!open.length) return;
    const taken = await existingItemIds(this.#db, open);
    for (const id of open) this.set(id, taken.has(id) ? newId() : id);
  }

  /** Sets an id's target directly (e.g. a tag merged into an existing tag of the same title). */
  set(oldId: string, newIdValue: string): void {
    this.#map.set(oldId, newIdValue);
    this.#reverse.set(newIdValue, oldId);
  }

  /** The archive's id for a new id. */
  original(newIdValue: string): string | undefined {
    return this.#reverse.get(newIdValue);
  }

  /** Every decision, old id to new id. */
  entries(): IterableIterator<[string, string]> {
    return this.#map.entries();
  }

  /** The new id of a decided id ('' stays ''). Throws for an undecided one: a programming mistake. */
  get(id: string): string {
    if (!id) return '';
    const mapped = this.#map.get(id);
    if (mapped === undefined) throw new RangeError(`id ${id} was not decided`);
    return mapped;
  }

  /** Whether an id was decided. */
  has(id: string): boolean {
    return this.#map.has(id);
  }

  /** The decisions that changed an id (for rewriting `:/id` links). */
  get changed(): ReadonlyMap<string, string> {
    return this.#map;
  }
}
