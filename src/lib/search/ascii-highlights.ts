/**
 * Highlights in ASCII text without a regex. Every result's title is highlighted, and compiling the
 * query's word regex (Unicode property classes in look-arounds) then running it over each title
 * was a fifth of a plain word query's time. In ASCII text a word is a run of letters and digits,
 * so the regex's matches are exactly the runs that equal a searched word or start with a searched
 * prefix, case aside: one pass over the characters finds the same spans.
 */
import type { QueryToken } from './query-types';
import type { Highlight } from './types';

/** The searched words an ASCII text can hold, ready for `asciiHighlights`. */
export interface AsciiWords {
  exact: Set<string>;
  prefixes: string[];
  /** Marked 1 at the length of each exact word (shorter than MAX_MARKED_LENGTH). */
  exactLengths: Uint8Array;
  /** The exact words shorter than MAX_MARKED_LENGTH, by length. */
  byLength: string[][];
  /** The shortest prefix's length, or any exact word's of MAX_MARKED_LENGTH or more, if shorter (Infinity: none). */
  longFrom: number;
}

/**
 * A run is only copied and lowered to be looked up when its length can match: a title's words
 * are mostly other lengths than the query's (copying each was most of a title's highlighting).
 */
const MAX_MARKED_LENGTH = 64;

const ASCII_TOKEN_RE = /^[a-z0-9]+$/;

/**
 * The words of `tokens` that can occur in ASCII text, or undefined when the word-by-word scan
 * would not give the regex's answer (an empty prefix matches between words too). A token with a
 * non-ASCII character can never match ASCII text: folding has lowered it and mapped ſ and the
 * Kelvin sign (the two characters that case-fold to ASCII letters) to ASCII.
 */
export function asciiWords(tokens: QueryToken[]): AsciiWords | undefined {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  const exactLengths = new Uint8Array(MAX_MARKED_LENGTH);
  const byLength: string[][] = [];
  let longFrom = Infinity;
  for (const token of tokens) {
    if (token.prefix && token.text === '') return undefined;
    if (!ASCII_TOKEN_RE.test(token.text)) continue;
    const length = token.text.length;
    if (token.prefix) prefixes.push(token.text);
    else exact.add(token.text);
    if (token.prefix || length >= MAX_MARKED_LENGTH) longFrom = Math.min(longFrom, length);
    else if (!exactLengths[length]) {
      exactLengths[length] = 1;
      byLength[length] = [token.text];
    } else if (!byLength[length].includes(token.text)) byLength[length].push(token.text);
  }
  return { exact, prefixes, exactLengths, byLength, longFrom };
}

const isWordChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether `text` from `start` holds `word` (lowercase), case aside: ASCII text, so A-Z are the only letters to lower. */
function holdsAt(text: string, start: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) {
    let c = text.charCodeAt(start + j);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== word.charCodeAt(j)) return false;
  }
  return true;
}

/** Whether the run `text[start, start + length)` is a searched word or starts with a searched prefix. */
function searchedRun(text: string, start: number, length: number, words: AsciiWords): boolean {
  // Compared in place: copying and lowering each run of a fitting length was most of a title's highlighting.
  if (length < MAX_MARKED_LENGTH) {
    const same = words.byLength[length];
    if (same) for (const word of same) if (holdsAt(text, start, word)) return true;
  } else if (words.exact.has(text.slice(start, start + length).toLowerCase())) return true;
  for (const prefix of words.prefixes)
    if (prefix.length <= length && holdsAt(text, start, prefix)) return true;
  return false;
}

/** Where the words are in an ASCII `text`: each run of letters and digits that is searched. */
export function asciiHighlights(text: string, words: AsciiWords): Highlight[] {
  const out: Highlight[] = [];
  const { exactLengths, longFrom } = words;
  const end = text.length;
  let at = 0;
  while (at < end) {
    while (at < end && !isWordChar(text.charCodeAt(at))) at++;
    const start = at;
    while (at < end && isWordChar(text.charCodeAt(at))) at++;
    if (start === at) break;
    const length = at - start;
    if (length < longFrom && (length >= MAX_MARKED_LENGTH || exactLengths[length] === 0)) continue;
    if (searchedRun(text, start, length, words)) out.push([start, at]);
  }
  return out;
}
