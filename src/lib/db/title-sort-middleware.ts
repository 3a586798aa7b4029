/**
 * Keeps every stored note's `title_sort` (title-sort-key.ts) in step with its title. A Dexie
 * middleware rather than code in each repository: every write of a note, whoever makes it
 * (the repositories, import, sync, a revision restored, an upgrade), reaches IndexedDB through
 * this one `mutate`, so no path can leave a stale key and the Title order wrong.
 */
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import { titleSortKey } from './title-sort-key';

/** The notes' field holding their title's sort key (indexed, never shown or exported). */
export const TITLE_SORT_FIELD = 'title_sort';

/**
 * Sets the key on the record itself, as Dexie's own `creating` hooks do, so that the note a
 * repository returns is the note stored.
 */
function setSortKey(value: unknown): void {
  if (!value || typeof value !== 'object' || !('title' in value)) return;
  const note = value as { title: unknown; [TITLE_SORT_FIELD]?: string };
  note[TITLE_SORT_FIELD] = titleSortKey(String(note.title ?? ''));
}

export const titleSortMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'noteTitleSort',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (name !== 'notes') return table;
      return {
        ...table,
        mutate(request: DBCoreMutateRequest) {
          if (request.type === 'add' || request.type === 'put') request.values.forEach(setSortKey);
          return table.mutate(request);
        }
      };
    }
  })
};
