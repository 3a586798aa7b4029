// A stored notebook with every time at 0, for tests that build trees from them.
import type { Notebook } from '$lib/core';

/** The notebook `id`, titled `title`, under `parent_id` ('' at the top level). */
export function notebookRecord(id: string, title = id, parent_id = ''): Notebook {
  return {
    id,
    title,
    parent_id,
    created_time: 0,
    updated_time: 0,
    user_created_time: 0,
    user_updated_time: 0,
    icon: '',
    deleted_time: 0
  };
}
