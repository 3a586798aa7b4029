/*
 * `replace_structured_block(tag, text)`: rewrites the content of a whole fenced block whose info
 * string starts with `tag` (```mermaid, ```abc, ```fountain, ```jsoncanvas or any other), the one
 * nearest the cursor. It never creates a block, and refuses text that would close the fence early
 * (the rest of the block would spill into the note as Markdown).
 *
 * Blocks are found with the editor's own markdown-it setup (block rules only), so a fence counts
 * exactly when the editor sees one: inside lists and quotes, tilde fences, longer closing fences.
 */
import type MarkdownIt from 'markdown-it';
import { createMarkdownIt } from '../markdown-it-setup';
import type { Resolved } from './resolve';

let blockParser: MarkdownIt | null = null;

function parser(): MarkdownIt {
  if (!blockParser) {
    blockParser = createMarkdownIt();
    // Only the block structure matters: inline parsing is most of the work.
    blockParser.core.ruler.disable(['inline']);
  }
  return blockParser;
}

/** One fenced block: its fence, its container prefix, and where its content lines are. */
interface Fence {
  marker: string;
  /** What precedes the fence on its opening line (indent, `> `, list marker). */
  prefix: string;
  /** Offsets of the content: from the line after the opening fence to the closing fence line. */
  from: number;
  to: number;
}

function lineStarts(markdown: string): number[] {
  const starts = [0];
  for (let i = markdown.indexOf('\n'); i >= 0; i = markdown.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The fenced blocks with this tag, in order. */
function fencesTagged(markdown: string, tag: string): Fence[] {
  const starts = lineStarts(markdown);
  const offset = (line: number) => (line < starts.length ? starts[line] : markdown.length);
  const fences: Fence[] = [];
  for (const token of parser().parse(markdown, { references: {} })) {
    if (token.type !== 'fence' || !token.map || token.info.trim().split(/\s+/)[0] !== tag) continue;
    const [open, end] = token.map;
    const openLine = markdown.slice(offset(open), offset(open + 1));
    const at = openLine.indexOf(token.markup);
    const lastLine = markdown.slice(offset(end - 1), offset(end));
    const closer = new RegExp(
      `^${token.markup[0] === '`' ? '`' : '~'}{${token.markup.length},}[ \\t]*\\r?\\n?$`
    );
    const closed = end - 1 > open && closer.test(lastLine.replace(/^[ \t>]*/, ''));
    fences.push({
      marker: token.markup,
      prefix: openLine.slice(0, at),
      from: offset(open + 1),
      to: closed ? offset(end - 1) : offset(end)
    });
  }
  return fences;
}

/** A line of `text` that would end a fence opened with `marker`. */
function closingLine(text: string, marker: string): string | undefined {
  const closer = new RegExp(`^[ ]{0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  return text.split(/\r?\n/).find((line) => closer.test(line));
}

/** Content lines as they must be written inside the block's container (quote, list item). */
function indented(text: string, prefix: string): string {
  if (!prefix) return text;
  const continuation = prefix.replace(/(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/, (m) => ' '.repeat(m.length));
  return text.replace(/^(?=.)/gm, continuation);
}

/** Resolves `replace_structured_block(tag, text)` against the note's Markdown. */
export function replaceStructuredBlock(
  markdown: string,
  tag: string,
  text: string,
  cursor: number
): Resolved {
  const fences = fencesTagged(markdown, tag);
  if (fences.length === 0) {
    return {
      ok: false,
      error: `The note has no fenced block tagged ${JSON.stringify(tag)}. This tool only replaces an existing block; to add one, append a complete fenced block with append_to_note.`
    };
  }
  const nearest = fences.reduce((best, fence) =>
    distance(fence, cursor) < distance(best, cursor) ? fence : best
  );
  const bad = closingLine(text, nearest.marker);
  if (bad !== undefined) {
    return {
      ok: false,
      error: `The text has the line ${JSON.stringify(bad)}, which would close the ${nearest.marker}${tag} fence early and spill the rest into the note. Give only the block's content, without fence lines.`
    };
  }
  const body = text === '' || /\n$/.test(text) ? text : `${text}\n`;
  return { ok: true, edit: { from: nearest.from, to: nearest.to, insert: indented(body, nearest.prefix) } };
}

function distance(fence: Fence, cursor: number): number {
  return cursor < fence.from ? fence.from - cursor : cursor > fence.to ? cursor - fence.to : 0;
}
