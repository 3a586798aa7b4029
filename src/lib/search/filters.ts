/**
 * The structured filters as predicates over document numbers, with Joplin's semantics:
 * - `tag:`/`resource:` match by LIKE on the tag title / MIME type; negated means "has none".
 *   Under `any:1` a negated one means "has some tag (resource), but not that one", as Joplin's
 *   query does (its OR-exclusion starts from the notes that have any).
 * - dates compare the user times (on or after; negated: before); `due:` also needs a to-do.
 * - `iscompleted:` only ever matches to-dos.
 */
import type { CatalogView } from './catalog';
import type { DocColumns } from './columns';
import { resolveDateValue } from './dates';
import type { DocTable } from './doc-table';
import { likeMatcher } from './like';
import type { QueryTerm } from './query-types';

/** A condition on one document. */
export type Predicate = (doc: number) => boolean;

/** What predicates read. */
export interface FilterContext {
  catalog: CatalogView;
  cols: DocColumns;
  docs: DocTable;
}

/** `wanted` and `anyLinked()` mark documents 1 by number (see DocColumns.docsWithTags). */
function linkPredicate(
  wanted: Uint8Array,
  negated: boolean,
  orMode: boolean,
  anyLinked: () => Uint8Array
): Predicate {
  if (!negated) return (doc) => wanted[doc] === 1;
  if (!orMode) return (doc) => wanted[doc] !== 1;
  const linked = anyLinked();
  return (doc) => linked[doc] === 1 && wanted[doc] !== 1;
}

function datePredicate(
  name: 'created' | 'updated' | 'due',
  negated: boolean,
  value: string,
  now: number,
  cols: DocColumns
): Predicate {
  const at = resolveDateValue(value, now);
  if (at === undefined) return () => false;
  const column = name === 'created' ? cols.created : name === 'updated' ? cols.updated : cols.due;
  const inRange = negated ? (doc: number) => column[doc] < at : (doc: number) => column[doc] >= at;
  return name === 'due' ? (doc) => cols.isTodo(doc) && inRange(doc) : inRange;
}

function patternPredicate(
  term: Extract<QueryTerm, { kind: 'pattern' }>,
  ctx: FilterContext,
  orMode: boolean
): Predicate | undefined {
  const { catalog, cols } = ctx;
  // The wanted sets only hold ids the catalog knows, so links to deleted items never match.
  if (term.name === 'tag') {
    const wanted = cols.docsWithTags(catalog.tagIds(term.pattern));
    return linkPredicate(wanted, term.negated, orMode, () => cols.docsWithTags(catalog.tagIds('%')));
  }
  if (term.name === 'resource') {
    const wanted = cols.docsLinking(catalog.resourceIds(term.pattern));
    return linkPredicate(wanted, term.negated, orMode, () => cols.docsLinking(catalog.mimes.keys()));
  }
  if (term.name === 'notebook') return undefined;
  const match = likeMatcher(term.pattern);
  const field =
    term.name === 'id' ? (doc: number) => ctx.docs.id(doc) : (doc: number) => ctx.docs.sourceUrl(doc);
  return term.negated ? (doc) => !match(field(doc)) : (doc) => match(field(doc));
}

/** The predicate of a non-text, non-notebook term. */
export function filterPredicate(
  term: QueryTerm,
  ctx: FilterContext,
  orMode: boolean,
  now: number
): Predicate | undefined {
  switch (term.kind) {
    case 'pattern':
      return patternPredicate(term, ctx, orMode);
    case 'date':
      return datePredicate(term.name, term.negated, term.value, now, ctx.cols);
    case 'number': {
      const { name, value } = term;
      return term.negated
        ? (doc) => ctx.docs.number(doc, name) < value
        : (doc) => ctx.docs.number(doc, name) >= value;
    }
    case 'type':
      return (doc) => ctx.cols.isTodo(doc) === term.todo;
    case 'completed':
      return (doc) => ctx.cols.isTodo(doc) && ctx.cols.isCompleted(doc) === term.completed;
    case 'text':
      return undefined;
  }
}

/** The notebook restriction (always ANDed, even under `any:1`), or undefined without one. */
export function notebookPredicate(terms: QueryTerm[], ctx: FilterContext): Predicate | undefined {
  // A loop, not two flatMaps: this runs for every query, and most have no notebook filter.
  const include: string[] = [];
  const exclude: string[] = [];
  for (const t of terms)
    if (t.kind === 'pattern' && t.name === 'notebook') (t.negated ? exclude : include).push(t.pattern);
  if (!include.length && !exclude.length) return undefined;
  const numbers = (ids: Set<string>) => new Set([...ids].map((id) => ctx.cols.notebookNumber(id)));
  const inScope = include.length ? numbers(ctx.catalog.notebookScope(include)) : undefined;
  const outScope = exclude.length ? numbers(ctx.catalog.notebookScope(exclude)) : undefined;
  const { notebook } = ctx.cols;
  return (doc) => (!inScope || inScope.has(notebook[doc])) && (!outScope || !outScope.has(notebook[doc]));
}
