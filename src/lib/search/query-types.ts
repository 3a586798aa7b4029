/** The parsed form of a search query (reference.md, "Search syntax"). */

/** A filter name the parser recognises before a colon; any other `name:` is searched as text. */
export const FILTER_NAMES = [
  'any',
  'title',
  'body',
  'tag',
  'notebook',
  'created',
  'updated',
  'due',
  'type',
  'iscompleted',
  'latitude',
  'longitude',
  'altitude',
  'resource',
  'sourceurl',
  'id'
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** One folded token of a text term; `prefix` when the query wrote `word*`. */
export interface QueryToken {
  text: string;
  prefix: boolean;
}

/** Words to find: a phrase of one or more tokens, in the title, the body or either. */
export interface TextTerm {
  kind: 'text';
  field: 'any' | 'title' | 'body';
  negated: boolean;
  /** Consecutive tokens (one for a plain word); matched as a phrase. */
  tokens: QueryToken[];
  /** The term as written, for messages. */
  raw: string;
}

/** A SQL-LIKE style match on a linked item or a note column (`*` and `%` any run, `_` one char). */
export interface PatternTerm {
  kind: 'pattern';
  name: 'tag' | 'notebook' | 'resource' | 'sourceurl' | 'id';
  negated: boolean;
  pattern: string;
}

/** `created:`, `updated:`, `due:`; the value is resolved against the clock at search time. */
export interface DateTerm {
  kind: 'date';
  name: 'created' | 'updated' | 'due';
  negated: boolean;
  value: string;
}

/** `latitude:`, `longitude:`, `altitude:` (at least the value; negated: below it). */
export interface NumberTerm {
  kind: 'number';
  name: 'latitude' | 'longitude' | 'altitude';
  negated: boolean;
  value: number;
}

/** `type:note` / `type:todo`. */
export interface TypeTerm {
  kind: 'type';
  todo: boolean;
}

/** `iscompleted:1` / `iscompleted:0` (to-dos only). */
export interface CompletedTerm {
  kind: 'completed';
  completed: boolean;
}

/** One condition of a query. */
export type QueryTerm = TextTerm | PatternTerm | DateTerm | NumberTerm | TypeTerm | CompletedTerm;

/** A parsed query: its terms, how they combine, and what the parser had to guess. */
export interface ParsedQuery {
  /** The query as given. */
  query: string;
  terms: QueryTerm[];
  /** `any:1`: the terms are ORed (notebook filters still restrict). */
  any: boolean;
  /** Messages about malformed parts (unclosed quote, bad filter value); never fatal. */
  warnings: string[];
}
