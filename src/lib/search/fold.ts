/**
 * Text folding and tokenizing, shared by the index and the query parser so both sides agree. Both
 * follow Joplin's search engine, which normalises text before SQLite FTS4 indexes it:
 *
 * Folding (Joplin's normalizeText_): Unicode NFC, HTML entities decoded, lower case, then its
 * diacritics table: a Latin letter with accents becomes its base letter (é → e, ǖ → u), as do the
 * fullwidth (Ａ) and circled (ⓐ) Latin letters and a few letters without a decomposition (ø → o,
 * ł → l, đ → d, æ → ae, ß → s…). Nothing else is folded: ½, ², ﬁ, Greek and Cyrillic accents stay
 * as they are (a compatibility decomposition would turn ½ into "1⁄2" and match "1, 2").
 *
 * Tokens (FTS4's "simple" tokenizer): ASCII letters and digits and every non-ASCII character are
 * token characters; ASCII punctuation, controls and whitespace (any Unicode space: Joplin turns them
 * into spaces first) separate. So "5 € today" has the token "€". Scripts written without spaces
 * (Han, kana, Hangul, Thai) become one token per character, so a query in them is a phrase of
 * characters: substring search, which is what Joplin does for them (its "basic" search).
 */

/**
 * Lower-case Latin letters without a canonical decomposition to an ASCII letter (hooks, strokes,
 * bars, ligatures, medievalist letters) and the base letters Joplin's table folds them to. Found by
 * comparing every character up to U+FFEF against Joplin's normalisation; `ſ` → `l` is Joplin's own.
 */
const LETTER_FOLDS: Record<string, string> = {
  a: 'ɐⱥẚ',
  aa: 'ꜳ',
  ae: 'æǽǣ',
  ao: 'ꜵ',
  au: 'ꜷ',
  av: 'ꜹꜻ',
  ay: 'ꜽ',
  b: 'ƀƃɓ',
  c: 'ƈȼꜿↄ',
  d: 'ɖɗƌꝺđ',
  dz: 'ǆǳ',
  e: 'ǝɛɇ',
  f: 'ƒꝼ',
  g: 'ɠǥᵹꝿꞡ',
  h: 'ɥⱨⱶħ',
  hv: 'ƕ',
  i: 'ɨı',
  j: 'ɉ',
  k: 'ƙⱪꝁꝃꝅꞣ',
  l: 'ƚɫⱡꝇꝉꞁłŀſ',
  lj: 'ǉ',
  m: 'ɯɱ',
  n: 'ƞɲŉꞑꞥ',
  nj: 'ǌ',
  o: 'ɔɵꝋꝍøǿ',
  oi: 'ƣ',
  oo: 'ꝏ',
  ou: 'ȣ',
  p: 'ƥᵽꝑꝓꝕ',
  q: 'ɋꝗꝙ',
  r: 'ɍɽꝛꞃꞧ',
  s: 'ȿꞅꞩßẛ',
  t: 'ƭʈⱦꞇŧ',
  tz: 'ꜩ',
  u: 'ʉ',
  v: 'ʋʌꝟ',
  vy: 'ꝡ',
  w: 'ⱳ',
  y: 'ƴɏỿ',
  z: 'ƶȥɀⱬꝣ'
};
const EXTRA_FOLDS = new Map(
  Object.entries(LETTER_FOLDS).flatMap(([base, letters]) => [...letters].map((c) => [c, base] as const))
);
const MARKS_ONLY_RE = /^[a-z]\p{M}+$/u;
const NON_ASCII_RE = /[^\x00-\x7f]/;
const NON_ASCII_ALL_RE = /[^\x00-\x7f]/gu;
const ENTITY_RE = /&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' '
};
const foldedChars = new Map<string, string>();

/** One lower-cased non-ASCII character, folded as Joplin's diacritics table does. */
function foldChar(c: string): string {
  let folded = foldedChars.get(c);
  if (folded !== undefined) return folded;
  const code = c.codePointAt(0)!;
  const decomposed = c.normalize('NFD');
  if (MARKS_ONLY_RE.test(decomposed)) folded = decomposed[0];
  else if (code >= 0xff41 && code <= 0xff5a)
    folded = String.fromCharCode(code - 0xff41 + 0x61); // fullwidth a–z
  else if (code >= 0x24d0 && code <= 0x24e9)
    folded = String.fromCharCode(code - 0x24d0 + 0x61); // circled a–z
  else folded = EXTRA_FOLDS.get(c) ?? c;
  foldedChars.set(c, folded);
  return folded;
}

/** Scripts searched character by character (no spaces between words). */
export const CHAR_SCRIPT_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** A word: ASCII letters and digits and non-ASCII characters other than spaces; the character scripts one character at a time. */
export const WORD_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])[A-Za-z0-9]|(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}])[^\x00-\x7f\s])+/gu;

function decodeEntity(match: string, name: string): string {
  const lower = name.toLowerCase();
  if (lower[0] !== '#') return NAMED_ENTITIES[lower] ?? match;
  const code = lower[1] === 'x' ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
}

/** Folds text for matching: NFC, entities decoded, lower case, Joplin's diacritics folded. */
export function foldText(text: string): string {
  const decoded = text.includes('&') ? text.replace(ENTITY_RE, decodeEntity) : text;
  if (!NON_ASCII_RE.test(decoded)) return decoded.toLowerCase();
  return decoded.normalize('NFC').toLowerCase().replace(NON_ASCII_ALL_RE, foldChar);
}

/** WORD_RE for ASCII text, where it means exactly this; several times faster. */
const ASCII_WORD_RE = /[a-z0-9]+/gi;

/** Runs of token characters (FTS4 simple); cheaper than WORD_RE, whose per-character lookahead is slow. */
const RUN_RE = /(?:[A-Za-z0-9]|[^\x00-\x7f\s])+/gu;

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
  // Without a character-script character WORD_RE finds exactly RUN_RE's runs, and its
  // per-character lookahead is the slow part of highlighting a title with a dash or a quote mark.
  const words = plain ? ASCII_WORD_RE : CHAR_SCRIPT_RE.test(text) ? WORD_RE : RUN_RE;
  for (const match of text.matchAll(words)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (plain || !NON_ASCII_RE.test(match[0])) spans.push({ token: match[0].toLowerCase(), start, end });
    else for (const token of tokenize(match[0])) spans.push({ token, start, end });
  }
  return spans;
}
