/*
 * Escaping plain text for Markdown output, in two strengths. The serializer first tries
 * `minimal` (only what is special at the start of a line, and backslashes that would escape
 * something) and keeps it when the block parses back to the same node; otherwise it falls back to
 * `full`, which escapes every character that can start Markdown syntax. Users thus keep writing
 * `snake_case` and `a * b` as they did, and text that could be misread is still escaped.
 */

/** How hard text is escaped; see the module comment. */
export type EscapeMode = 'minimal' | 'full';

function escapeLineStart(line: string, mode: EscapeMode): string {
  let out = line;
  if (mode === 'full') {
    out = out.replace(/^([ \t]*)([#>=+\-*])/, '$1\\$2').replace(/^([ \t]*\d{1,9})([.)])/, '$1\\$2');
  } else {
    out = out
      .replace(/^([ \t]*)(#{1,6}(?:[ \t]|$)|>|[-+*](?:[ \t]|$)|[-=]+[ \t]*$)/, '$1\\$2')
      .replace(/^([ \t]*\d{1,9})([.)](?:[ \t]|$))/, '$1\\$2');
  }
  return out.replace(/^( +)/, (spaces) => '&#32;'.repeat(spaces.length)).replace(/^\t/, '&#9;');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function escapeInline(line: string, mode: EscapeMode): string {
  if (mode === 'minimal') {
    return line.replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\');
  }
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    const prev = line[i - 1] ?? ' ';
    const next = line[i + 1] ?? ' ';
    // Intraword `_` is literal in CommonMark, but only between letters or digits: in `__proto__`
    // an unescaped inner `_` would still open emphasis, since `_` itself is no word character.
    if (ch === '_' && WORD_CHAR.test(prev) && WORD_CHAR.test(next)) out += ch;
    else if ('\\`*_[]~<$'.includes(ch)) out += '\\' + ch;
    else if (ch === '&' && /^&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(line.slice(i))) out += '\\&';
    else out += ch;
  }
  return out;
}

/**
 * Escapes one line of text. `lineStart` says the text begins a line of its block, where `#`,
 * `>`, list markers and setext underlines would be read as syntax.
 */
export function escapeLine(line: string, lineStart: boolean, mode: EscapeMode): string {
  let out = escapeInline(line, mode);
  if (lineStart) out = escapeLineStart(out, mode);
  return out;
}
