/**
 * The catalog: notebooks, tags and resources by id, so `notebook:`, `tag:` and `resource:` can be
 * matched by name (LIKE patterns) and a note only stores ids.
 */
import { likeMatcher } from './like';
import type { SearchCatalog } from './types';

/** The catalog with the lookups the filters need. */
export class CatalogView {
  private readonly children = new Map<string, string[]>();
  readonly mimes: Map<string, string>;

  constructor(readonly catalog: SearchCatalog) {
    for (const notebook of catalog.notebooks) {
      const list = this.children.get(notebook.parent_id);
      if (list) list.push(notebook.id);
      else this.children.set(notebook.parent_id, [notebook.id]);
    }
    this.mimes = new Map(catalog.resources.map((r) => [r.id, r.mime]));
  }

  /** The notebooks whose title matches one of the patterns, with all their sub-notebooks. */
  notebookScope(patterns: string[]): Set<string> {
    const matchers = patterns.map(likeMatcher);
    const scope = new Set<string>();
    const stack = this.catalog.notebooks.filter((n) => matchers.some((m) => m(n.title))).map((n) => n.id);
    while (stack.length) {
      const id = stack.pop() as string;
      if (scope.has(id)) continue;
      scope.add(id);
      stack.push(...(this.children.get(id) ?? []));
    }
    return scope;
  }

  /** The ids of the tags whose title matches the pattern. */
  tagIds(pattern: string): Set<string> {
    const match = likeMatcher(pattern);
    return new Set(this.catalog.tags.filter((t) => match(t.title)).map((t) => t.id));
  }

  /** The ids of the resources whose MIME type matches the pattern. */
  resourceIds(pattern: string): Set<string> {
    const match = likeMatcher(pattern);
    return new Set(this.catalog.resources.filter((r) => match(r.mime)).map((r) => r.id));
  }
}

/** An empty catalog. */
export const EMPTY_CATALOG: SearchCatalog = { notebooks: [], tags: [], resources: [] };
