/**
 * The structured filters as predicates over a note's record, with Joplin's semantics:
 * - `tag:`/`resource:` match by LIKE on the tag title / MIME type; negated means "has none".
 *   Under `any:1` a negated one means "has some tag (resource), but not that one", as Joplin's
 *   query does (its OR-exclusion starts from the notes that have any).
 * - dates compare the user times (on or after; negated: before); `due:` also needs a to-do.
 * - `iscompleted:` only ever matches to-dos.
 */
import type { CatalogView } from './catalog';
import { resolveDateValue } from './dates';
import type { DocRecord } from './doc-record';
import { likeMatcher } from './like';
import type { QueryTerm } from './query-types';

/** A condition on one note. */
export type Predicate = (record: DocRecord) => boolean;

function hasAny(ids: string[], set: Set<string>): boolean {
  for (const id of ids) if (set.has(id)) return true;
  return false;
}

function linkPredicate(
  wanted: Set<string>,
  negated: boolean,
  orMode: boolean,
  ids: (r: DocRecord) => string[]
): Predicate {
  if (!negated) return (r) => hasAny(ids(r), wanted);
  if (!orMode) return (r) => !hasAny(ids(r), wanted);
  return (r) => ids(r).length > 0 && !hasAny(ids(r), wanted);
}

function datePredicate(name: 'created' | 'updated' | 'due', negated: boolean, value: string, now: number): Predicate {
  const at = resolveDateValue(value, now);
  if (at === undefined) return () => false;
  const pick = name === 'created' ? (r: DocRecord) => r.created : name === 'updated' ? (r: DocRecord) => r.updated : (r: DocRecord) => r.todo_due;
  const inRange = negated ? (r: DocRecord) => pick(r) < at : (r: DocRecord) => pick(r) >= at;
  return name === 'due' ? (r) => r.is_todo && inRange(r) : inRange;
}

/** The predicate of a non-text, non-notebook term. */
export function filterPredicate(term: QueryTerm, catalog: CatalogView, orMode: boolean, now: number): Predicate | undefined {
  switch (term.kind) {
    case 'pattern': {
      if (term.name === 'notebook') return undefined;
      if (term.name === 'tag') {
        const tagIds = (r: DocRecord) => r.tag_ids.filter((id) => catalog.hasTag(id));
        return linkPredicate(catalog.tagIds(term.pattern), term.negated, orMode, tagIds);
      }
      if (term.name === 'resource') {
        const resourceIds = (r: DocRecord) => r.link_ids.filter((id) => catalog.mimes.has(id));
        return linkPredicate(catalog.resourceIds(term.pattern), term.negated, orMode, resourceIds);
      }
      const match = likeMatcher(term.pattern);
      const field = term.name === 'id' ? (r: DocRecord) => r.id : (r: DocRecord) => r.source_url;
      return term.negated ? (r) => !match(field(r)) : (r) => match(field(r));
    }
    case 'date':
      return datePredicate(term.name, term.negated, term.value, now);
    case 'number': {
      const { name, value } = term;
      return term.negated ? (r) => r[name] < value : (r) => r[name] >= value;
    }
    case 'type':
      return (r) => r.is_todo === term.todo;
    case 'completed':
      return (r) => r.is_todo && (r.todo_completed !== 0) === term.completed;
    case 'text':
      return undefined;
  }
}

/** The notebook restriction (always ANDed, even under `any:1`), or undefined without one. */
export function notebookPredicate(terms: QueryTerm[], catalog: CatalogView): Predicate | undefined {
  const patterns = (negated: boolean) =>
    terms.filter((t) => t.kind === 'pattern' && t.name === 'notebook' && t.negated === negated).map((t) => (t as { pattern: string }).pattern);
  const include = patterns(false);
  const exclude = patterns(true);
  if (!include.length && !exclude.length) return undefined;
  const inScope = include.length ? catalog.notebookScope(include) : undefined;
  const outScope = exclude.length ? catalog.notebookScope(exclude) : undefined;
  return (r) => (!inScope || inScope.has(r.parent_id)) && (!outScope || !outScope.has(r.parent_id));
}
