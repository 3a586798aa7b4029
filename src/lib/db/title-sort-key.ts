/**
 * A note title's sort key: a string whose plain (code unit) order, the only order IndexedDB
 * knows, is the order people read titles in: case and accents aside, numbers by their value,
 * spaces and punctuation before digits, digits before letters. Stored on each note
 * (`title_sort`), its index gives a Title-sorted list a page at a time, without reading and
 * sorting every title first (a few seconds at 50,000 notes).
 *
 * Written by hand because nothing better fits: Intl.Collator compares but gives no sort keys,
 * and a full collation library (ICU in WebAssembly) weighs megabytes. This follows the Unicode
 * root collation at the primary strength for the common cases; among punctuation it keeps code
 * point order (the collation orders `_` before `-`, for one), and other scripts sort by code
 * point after Latin, as their blocks are laid out.
 */

/** Letters that keep no accent to strip (NFKD leaves them whole) but read as these. */
const LETTER_AS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h'
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_AS).join('')}]`, 'g');

/** Below every digit and letter: a space or punctuation mark sorts before them, among its kind. */
const BEFORE_ALPHANUMERIC = '\u0001';

/**
 * A run of digits as its value's order: leading zeros dropped, then prefixed by a character
 * standing for its length, so that a longer number (a larger value) sorts after a shorter one.
 * The prefix is a digit or a code point between digits and letters ('1'…'9', then ':' …),
 * which keeps a number before any letter.
 */
function numberKey(digits: string): string {
  const value = digits.replace(/^0+(?=\d)/, '');
  return String.fromCharCode(0x30 + Math.min(value.length, 0x60 - 0x30)) + value;
}

/** The sort key of `title`. */
export function titleSortKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => LETTER_AS[letter])
    .replace(/[^\p{L}\p{N}]|\d+/gu, (match) =>
      /\d/.test(match[0]) ? numberKey(match) : BEFORE_ALPHANUMERIC + match
    );
}
