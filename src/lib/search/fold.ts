/**
 * Text folding and tokenizing, shared by the index and the query parser so both sides agree.
 *
 * Folding: HTML entities decoded (Joplin decodes them before indexing), Unicode NFKD, combining
 * marks dropped, lower case, plus the few letters NFKD leaves alone (ß, æ, ø, ł…), so that
 * "Élan", "elan" and "ÉLAN" are one token.
 *
 * Tokens: runs of letters and digits; everything else separates (as SQLite's unicode61
 * tokenizer does, which Joplin's search sits on). Scripts written without spaces (Han, kana,
 * Hangul, Thai) become one token per character, so a query in them is a phrase of characters:
 * substring search, which is what Joplin falls back to for those scripts.
 */

/** Letters NFKD does not decompose, folded as Joplin's diacritics table does. */
const EXTRA_FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ħ: 'h', ŧ: 't', ı: 'i', þ: 'th', ŀ: 'l'
};
const EXTRA_FOLD_RE = /[ßæœøđðłħŧıþŀ]/g;
const MARKS_RE = /\p{M}+/gu;
const NON_ASCII_RE = /[^\x00-\x7f]/;
const ENTITY_RE = /&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Scripts searched character by character (no spaces between words). */
export const CHAR_SCRIPT_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** A word: letters, marks and digits; the character scripts match one character at a time. */
export const WORD_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])[\p{L}\p{N}\p{M}])+/gu;

function decodeEntity(match: string, name: string): string {
  const lower = name.toLowerCase();
  if (lower[0] !== '#') return NAMED_ENTITIES[lower] ?? match;
  const code = lower[1] === 'x' ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
}

/** Folds text for matching: entities decoded, accents removed, lower case. */
export function foldText(text: string): string {
  const decoded = text.includes('&') ? text.replace(ENTITY_RE, decodeEntity) : text;
  if (!NON_ASCII_RE.test(decoded)) return decoded.toLowerCase();
  return decoded
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(EXTRA_FOLD_RE, (c) => EXTRA_FOLDS[c] ?? c);
}

/** WORD_RE for ASCII text, where it means exactly this; several times faster. */
const ASCII_WORD_RE = /[a-z0-9]+/gi;

/** Runs of word characters; cheaper than WORD_RE, whose per-character lookahead is slow. */
const RUN_RE = /[\p{L}\p{N}\p{M}]+/gu;

/** Splits already-folded text into tokens. */
export function tokenizeFolded(folded: string): string[] {
  if (!NON_ASCII_RE.test(folded)) return folded.match(ASCII_WORD_RE) ?? [];
  const tokens: string[] = [];
  for (const run of folded.match(RUN_RE) ?? []) {
    // Only runs holding a character script need splitting into characters (WORD_RE does it).
    if (NON_ASCII_RE.test(run) && CHAR_SCRIPT_RE.test(run)) tokens.push(...(run.match(WORD_RE) ?? []));
    else tokens.push(run);
  }
  return tokens;
}

/** Folds then tokenizes: what the index stores for a field. */
export function tokenize(text: string): string[] {
  return tokenizeFolded(foldText(text));
}

/** A token with where it sits in the original (unfolded) text. */
export interface TokenSpan {
  token: string;
  start: number;
  end: number;
}

/**
 * Tokenizes keeping offsets into the original text (for highlights). Each raw word is folded on
 * its own; a word whose folding splits it (e.g. "¼") yields several tokens over the same span.
 */
export function tokenizeWithOffsets(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  const plain = !NON_ASCII_RE.test(text) && !text.includes('&');
  for (const match of text.matchAll(plain ? ASCII_WORD_RE : WORD_RE)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (plain || !NON_ASCII_RE.test(match[0])) spans.push({ token: match[0].toLowerCase(), start, end });
    else for (const token of tokenize(match[0])) spans.push({ token, start, end });
  }
  return spans;
}
