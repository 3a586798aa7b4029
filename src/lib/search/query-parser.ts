/**
 * The search-syntax parser. It follows Joplin's reading of a query: the input is cut at
 * whitespace outside double quotes; a piece `name:value` whose name is a known filter (optionally
 * `-name:`) is a filter, anything else is text (so `foo:bar` is the phrase "foo bar"). Text words
 * are phrases of their tokens, so `e-mail` finds "e mail" and "e-mail". `title:`/`body:` split an
 * unquoted value at spaces, hyphens and underscores into separate words.
 *
 * It never throws: malformed parts become `warnings` and are searched as typed (an unclosed quote
 * runs to the end of the query) or dropped (a filter value that cannot mean anything).
 */
import { CHAR_SCRIPT_RE, WORD_RE, foldText } from './fold';
import { isDateValue } from './dates';
import {
  FILTER_NAMES,
  type FilterName,
  type ParsedQuery,
  type QueryTerm,
  type QueryToken
} from './query-types';

const FILTERS: ReadonlySet<string> = new Set(FILTER_NAMES);

/** A piece of the query: a column ('_' for text) and its value as written. */
interface Piece {
  column: string;
  value: string;
}

function filterColumn(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (FILTERS.has(lower)) return lower;
  if (lower.startsWith('-') && FILTERS.has(lower.slice(1))) return lower;
  return undefined;
}

/** Whether a UTF-16 code unit is what `/\s/` matches (written out: tested per character, the regex was most of a parse). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Cuts the query into pieces, as Joplin's filter parser does; flags an unclosed quote. A piece's
 * value is a run of the query (`from` to the current character), cut out when it ends.
 */
function splitPieces(query: string): { pieces: Piece[]; unclosed: boolean } {
  const pieces: Piece[] = [];
  let inQuote = false;
  let inValue = false;
  let column = '_';
  let from = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > from) pieces.push({ column, value: query.slice(from, to) });
    from = to;
    column = '_';
    inValue = false;
  };
  for (; i < query.length; i++) {
    const c = query.charCodeAt(i);
    if (c === 0x22) {
      if (inQuote) flush(i + 1);
      inQuote = !inQuote;
      continue;
    }
    if (!inQuote && isSpace(c)) {
      // `title: abcd` is `title:abcd`: a filter waiting for its value keeps waiting past spaces.
      if (i > from) flush(i);
      else inValue = false;
      from = i + 1;
      continue;
    }
    const col = c === 0x3a && !inQuote && !inValue ? filterColumn(query.slice(from, i)) : undefined;
    if (col) {
      column = col;
      from = i + 1;
      inValue = true; // later colons belong to the value (sourceurl:https://…)
    }
  }
  flush(i);
  return { pieces, unclosed: inQuote };
}

const trimQuotes = (s: string): string => {
  if (!s.startsWith('"')) return s;
  return s.endsWith('"') && s.length > 1 ? s.slice(1, -1) : s.slice(1);
};

/** Folds a text value into phrase tokens; a token directly followed by `*` is a prefix. */
export function queryTokens(value: string): QueryToken[] {
  const folded = foldText(value);
  const tokens: QueryToken[] = [];
  for (const match of folded.matchAll(WORD_RE)) {
    const end = (match.index ?? 0) + match[0].length;
    const prefix = folded[end] === '*' && !CHAR_SCRIPT_RE.test(match[0]);
    tokens.push({ text: match[0], prefix });
  }
  return tokens;
}

function textTerm(field: 'any' | 'title' | 'body', value: string, negated: boolean): QueryTerm | undefined {
  const tokens = queryTokens(trimQuotes(value));
  return tokens.length ? { kind: 'text', field, negated, tokens, raw: value } : undefined;
}

function fieldTerms(name: 'title' | 'body', value: string, negated: boolean): QueryTerm[] {
  if (value.startsWith('"')) return [textTerm(name, value, negated)].filter((t) => !!t);
  return value
    .split(/[\s\-_]+/)
    .map((word) => textTerm(name, word, negated))
    .filter((t) => !!t);
}

/** Turns one filter piece into terms, or a warning. */
function filterTerms(name: FilterName, negated: boolean, value: string, warnings: string[]): QueryTerm[] {
  const bare = trimQuotes(value);
  switch (name) {
    case 'title':
    case 'body':
      return fieldTerms(name, value, negated);
    case 'tag':
    case 'notebook':
    case 'resource':
    case 'sourceurl':
    case 'id':
      return [{ kind: 'pattern', name, negated, pattern: name === 'id' ? value : bare }];
    case 'created':
    case 'updated':
    case 'due':
      if (!isDateValue(bare))
        warnings.push(
          `Invalid date "${bare}" for ${name}: use YYYYMMDD, YYYYMM, YYYY or day-N, week-N, month-N, year-N, day+N.`
        );
      return [{ kind: 'date', name, negated, value: bare }];
    case 'latitude':
    case 'longitude':
    case 'altitude': {
      const number = Number(bare);
      if (bare !== '' && Number.isFinite(number)) return [{ kind: 'number', name, negated, value: number }];
      warnings.push(`The value of ${name} must be a number; "${bare}" ignored.`);
      return [];
    }
    case 'type':
      if (negated) warnings.push("type can't be negated; ignored.");
      else if (bare !== 'note' && bare !== 'todo')
        warnings.push('The value of filter "type" must be "note" or "todo"; ignored.');
      else return [{ kind: 'type', todo: bare === 'todo' }];
      return [];
    case 'iscompleted':
      if (negated) warnings.push("iscompleted can't be negated; ignored.");
      else if (bare !== '1' && bare !== '0')
        warnings.push('The value of filter "iscompleted" must be "1" or "0"; ignored.');
      else return [{ kind: 'completed', completed: bare === '1' }];
      return [];
    case 'any':
      return [];
  }
}

/** Parses a search query (reference.md syntax). Pure; never throws. */
export function parseQuery(query: string): ParsedQuery {
  const warnings: string[] = [];
  const { pieces, unclosed } = splitPieces(query.trim());
  if (unclosed) warnings.push('Unclosed quote: the quoted words run to the end of the query.');
  const terms: QueryTerm[] = [];
  let any = false;
  for (const { column, value } of pieces) {
    if (column === '_') {
      const negated = value.startsWith('-');
      const term = textTerm('any', negated ? value.slice(1) : value, negated);
      if (term) terms.push(term);
      continue;
    }
    const negated = column.startsWith('-');
    const name = (negated ? column.slice(1) : column) as FilterName;
    if (name === 'any') any = trimQuotes(value) === '1';
    terms.push(...filterTerms(name, negated, value, warnings));
  }
  return { query, terms, any, warnings };
}
