/**
 * Snippets: about 240 characters of a body around the first searched word, as the plain text a
 * reader sees (Markdown markup stripped, as the note list's excerpts are), with `…` where the text
 * was cut, and the searched words located for highlighting. Only the lines around the match are
 * converted, so a snippet of a huge note costs no more than one of a short note.
 */
import { markdownToText } from '$lib/core';
import { asciiHighlights, asciiWords, type AsciiWords } from './ascii-highlights';
import { CHAR_SCRIPT_RE, WORD_RE, foldText, tokenizeWithOffsets } from './fold';
import type { QueryToken } from './query-types';
import type { Highlight } from './types';

/** Characters in a snippet (before the … markers). */
export const SNIPPET_CHARS = 240;
/** How much context comes before the first match. */
const LEAD_CHARS = 60;
/** Raw Markdown taken before and after the match: markup shrinks, so more than the snippet needs. */
const RAW_BEFORE_CHARS = 400;
const RAW_AFTER_CHARS = 1200;
/** How far a raw cut may move to land on a line boundary (markup is line-based). */
const LINE_SNAP_CHARS = 200;

/** A snippet and where its searched words are. */
export interface Snippet {
  text: string;
  highlights: Highlight[];
}

/** Whether a folded token is one of the query's (exactly, or by prefix). */
export function tokenMatcher(tokens: QueryToken[]): (token: string) => boolean {
  const exact = new Set(tokens.filter((t) => !t.prefix).map((t) => t.text));
  const prefixes = tokens.filter((t) => t.prefix).map((t) => t.text);
  return (token) => exact.has(token) || prefixes.some((p) => token.startsWith(p));
}

/** Where the searched words are in a short text (a title or a snippet). */
export function findHighlights(text: string, matches: (token: string) => boolean): Highlight[] {
  const out: Highlight[] = [];
  for (const span of tokenizeWithOffsets(text)) {
    if (!matches(span.token)) continue;
    const last = out[out.length - 1];
    if (last && last[0] === span.start) continue; // one word folded into several tokens
    if (last && last[1] === span.start)
      last[1] = span.end; // touching CJK characters: one mark
    else out.push([span.start, span.end]);
  }
  return out;
}

/** Whether a text is ASCII only (a loop: a regex test per result's title cost more than its highlighting). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Distinct words the quick regex looks for; more only slow its compilation down. */
const MAX_REGEX_WORDS = 64;

/** The distinct tokens the quick regex (and its ASCII twin) look for. */
function regexTokens(tokens: QueryToken[]): QueryToken[] {
  return [...new Map(tokens.map((t) => [`${t.prefix ? '*' : ''}${t.text}`, t])).values()].slice(
    0,
    MAX_REGEX_WORDS
  );
}

/**
 * A regex finding the query's words in raw text, word-bounded, case-insensitive. It misses words
 * written with accents the query folded away ("café" for `cafe`); the slower walk covers those.
 */
function rawWordRegex(tokens: QueryToken[]): RegExp {
  const unique = regexTokens(tokens);
  const group = (list: QueryToken[]) => list.map((t) => escapeRegExp(t.text)).join('|');
  const chars = unique.filter((t) => CHAR_SCRIPT_RE.test(t.text));
  const words = unique.filter((t) => !CHAR_SCRIPT_RE.test(t.text));
  const exact = words.filter((t) => !t.prefix);
  const prefixes = words.filter((t) => t.prefix);
  const parts: string[] = [];
  const edge = '[\\p{L}\\p{N}\\p{M}]';
  if (exact.length) parts.push(`(?<!${edge})(?:${group(exact)})(?!${edge})`);
  if (prefixes.length) parts.push(`(?<!${edge})(?:${group(prefixes)})${edge}*`);
  if (chars.length) parts.push(group(chars));
  return new RegExp(parts.join('|'), 'giu');
}

function firstMatchOffset(body: string, quickRe: RegExp, matches: (token: string) => boolean): number {
  const quick = body.search(quickRe); // search() ignores the g flag and lastIndex
  if (quick >= 0) return quick;
  for (const m of body.matchAll(WORD_RE)) {
    const folded = foldText(m[0]);
    if (matches(folded) || folded.match(WORD_RE)?.some(matches)) return m.index ?? 0;
  }
  return -1;
}

/** The raw lines around `at` (cut mid-line only when a line is very long). */
function rawLinesAround(body: string, at: number): [number, number] {
  let start = Math.max(0, at - RAW_BEFORE_CHARS);
  if (start > 0) {
    const newline = body.lastIndexOf('\n', start);
    if (newline >= 0 && start - newline <= LINE_SNAP_CHARS) start = newline + 1;
  }
  let end = Math.min(body.length, at + RAW_AFTER_CHARS);
  if (end < body.length) {
    const newline = body.indexOf('\n', end);
    end = newline >= 0 && newline - end <= LINE_SNAP_CHARS ? newline : end;
  }
  return [start, end];
}

function windowAround(body: string, at: number): [number, number] {
  let start = Math.max(0, at - LEAD_CHARS);
  if (start > 0) {
    const space = body.slice(start, at).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(body.length, start + SNIPPET_CHARS);
  if (end < body.length) {
    const lastSpace = body.slice(at, end).search(/\s\S*$/);
    if (lastSpace > 0) end = at + lastSpace;
  }
  return [start, end];
}

/** Makes the snippets of one query's results (its matchers built once). */
export class SnippetMaker {
  private readonly matches: (token: string) => boolean;
  private quickRe: RegExp | undefined;
  /** The quick regex's words for ASCII text (undefined: the regex is needed), made once. */
  private ascii: AsciiWords | undefined | null = null;

  constructor(private readonly tokens: QueryToken[]) {
    this.matches = tokenMatcher(tokens);
  }

  /** The snippet of a body; `scan` false when the words are known not to be in it. */
  snippet(body: string, scan = true): Snippet {
    let at = -1;
    if (scan && this.tokens.length) {
      this.quickRe ??= rawWordRegex(this.tokens);
      at = firstMatchOffset(body, this.quickRe, this.matches);
    }
    const [rawStart, rawEnd] = rawLinesAround(body, Math.max(at, 0));
    const plain = markdownToText(body.slice(rawStart, rawEnd));
    // The match again, in the plain text (it may have been in markup, e.g. a link target: then none).
    const plainAt = at >= 0 ? firstMatchOffset(plain, this.quickRe!, this.matches) : -1;
    const [start, end] = windowAround(plain, Math.max(plainAt, 0));
    const core = plain.slice(start, end).trim();
    const lead = start > 0 || rawStart > 0 ? '…' : '';
    const text = `${lead}${core}${end < plain.length || rawEnd < body.length ? '…' : ''}`;
    // Highlights are found in the cut text alone (plain ASCII, the fast path), then shifted.
    const highlights = this.highlights(core).map(([s, e]): Highlight => [s + lead.length, e + lead.length]);
    return { text, highlights };
  }

  /**
   * Where the searched words are in a short text. ASCII text (the usual case) is scanned for the
   * query's regex's words, without the regex, which is several times faster; other text token by
   * token, folding each word.
   */
  highlights(text: string): Highlight[] {
    if (!this.tokens.length) return [];
    if (!isAscii(text)) return findHighlights(text, this.matches);
    if (this.ascii === null) this.ascii = asciiWords(regexTokens(this.tokens));
    if (this.ascii) return asciiHighlights(text, this.ascii);
    this.quickRe ??= rawWordRegex(this.tokens);
    return Array.from(text.matchAll(this.quickRe), (m): Highlight => [
      m.index ?? 0,
      (m.index ?? 0) + m[0].length
    ]);
  }
}

/**
 * Cuts the snippet of `body` for the query's plain words: around the first of them (the start of
 * the body when none occurs), with highlights relative to the returned text.
 */
export function makeSnippet(body: string, tokens: QueryToken[]): Snippet {
  return new SnippetMaker(tokens).snippet(body);
}
