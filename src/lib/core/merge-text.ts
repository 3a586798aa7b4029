/**
 * Three-way merge of a note's Markdown, line by line: base is the version both sides started from,
 * mine the one being saved (an editor's), theirs the one stored meanwhile (another tab, an MCP
 * client, a plugin, sync). A line is the unit because it is Markdown's: a paragraph the editor
 * writes is one line, so is a list item, a table row, a heading, a line of a fenced block.
 *
 * node-diff3 finds the changed regions (its LCS diff and its region grouping). It groups hunks
 * that merely touch (one side edits line 4, the other inserts after line 4) into one "unstable"
 * region, as GNU diff3 and git do; for notes that would turn "you typed in the last paragraph
 * while an MCP client appended a new one" into a conflict. So each unstable region is looked at
 * again, hunk by hunk (`combine`): when no hunk of one side overlaps a hunk of the other (touching
 * is fine, and two insertions at the same place keep both, mine first), both sides apply. What
 * remains is a real conflict: both changed the same lines, or one changed lines the other removed.
 * Merged text holds mine in a conflict's place; `spliceLines` puts theirs or both there instead.
 */
import { diff3MergeRegions, diffIndices } from 'node-diff3';

/** One place where both sides changed the same lines. */
export interface MergeConflict {
  /** The index, in the merged lines, of the first line of `mine`. */
  at: number;
  base: string[];
  mine: string[];
  theirs: string[];
}

/** The result of a merge. */
export interface TextMerge {
  /** The merged text; in each conflict's place, mine. */
  text: string;
  conflicts: MergeConflict[];
}

/** A Markdown text as lines (no terminators; joined again with '\n'). */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

/** Merges `mine` and `theirs`, both derived from `base`; see the module comment. */
export function mergeText(base: string, mine: string, theirs: string): TextMerge {
  if (mine === theirs || theirs === base) return { text: mine, conflicts: [] };
  if (mine === base) return { text: theirs, conflicts: [] };
  const a = splitLines(mine);
  const o = splitLines(base);
  const b = splitLines(theirs);
  const out: string[] = [];
  const conflicts: MergeConflict[] = [];
  for (const region of diff3MergeRegions(a, o, b)) {
    if (region.stable) {
      out.push(...region.bufferContent);
      continue;
    }
    const combined = sameLines(region.aContent, region.bContent)
      ? region.aContent
      : combine(region.oContent, region.aContent, region.bContent);
    if (combined) {
      out.push(...combined);
      continue;
    }
    conflicts.push({ at: out.length, base: region.oContent, mine: region.aContent, theirs: region.bContent });
    out.push(...region.aContent);
  }
  return { text: out.join('\n'), conflicts };
}

interface Hunk {
  /** Where it applies in the base lines, and how many it replaces. */
  start: number;
  length: number;
  lines: string[];
  /** 0 for mine, 1 for theirs: at the same place, mine goes first. */
  side: 0 | 1;
}

function hunks(o: string[], x: string[], side: 0 | 1): Hunk[] {
  return diffIndices(o, x).map((d) => ({
    start: d.buffer1[0],
    length: d.buffer1[1],
    lines: x.slice(d.buffer2[0], d.buffer2[0] + d.buffer2[1]),
    side
  }));
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** Whether two hunks of different sides change the same base lines (touching does not count). */
function overlaps(x: Hunk, y: Hunk): boolean {
  const xEnd = x.start + x.length;
  const yEnd = y.start + y.length;
  if (x.length === 0 && y.length === 0) return false; // two insertions at one place: both kept
  if (x.length === 0) return y.start < x.start && x.start < yEnd;
  if (y.length === 0) return x.start < y.start && y.start < xEnd;
  return x.start < yEnd && y.start < xEnd;
}

function sameHunk(x: Hunk, y: Hunk): boolean {
  return x.start === y.start && x.length === y.length && sameLines(x.lines, y.lines);
}

/** Both sides' hunks of one region applied to its base lines, or null when two of them overlap. */
function combine(o: string[], a: string[], b: string[]): string[] | null {
  const mine = hunks(o, a, 0);
  // The same change made on both sides is made once.
  const theirs = hunks(o, b, 1).filter((y) => !mine.some((x) => sameHunk(x, y)));
  if (mine.some((x) => theirs.some((y) => overlaps(x, y)))) return null;
  // Insertions before a replacement that starts at the same line; mine before theirs.
  const all = [...mine, ...theirs].sort(
    (x, y) => x.start - y.start || Math.sign(x.length) - Math.sign(y.length) || x.side - y.side
  );
  const out: string[] = [];
  let at = 0;
  for (const hunk of all) {
    out.push(...o.slice(at, hunk.start), ...hunk.lines);
    at = hunk.start + hunk.length;
  }
  out.push(...o.slice(at));
  return out;
}

/** `lines` with `count` lines from `at` replaced by `replacement`, as text. */
export function spliceLines(
  lines: readonly string[],
  at: number,
  count: number,
  replacement: readonly string[]
): string {
  return [...lines.slice(0, at), ...replacement, ...lines.slice(at + count)].join('\n');
}

/**
 * Where `mine` (with `before`, the line above it, or null at the top) stands in `lines`: the index of
 * its first line nearest to `near`, or -1. How a stored conflict is found again after a reload or in
 * another tab, where lines above it may have come or gone.
 */
export function locateLines(
  lines: readonly string[],
  mine: readonly string[],
  before: string | null,
  near: number
): number {
  let best = -1;
  for (let i = 0; i + mine.length <= lines.length; i++) {
    if (before === null ? i !== 0 : i === 0 || lines[i - 1] !== before) continue;
    if (!mine.every((line, k) => lines[i + k] === line)) continue;
    if (best < 0 || Math.abs(i - near) < Math.abs(best - near)) best = i;
  }
  return best;
}

/** The one range of `before` that differs from `after`: replace from..to by `insert`. Null when equal. */
export function changedRange(
  before: string,
  after: string
): { from: number; to: number; insert: string } | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endA = before.length;
  let endB = after.length;
  while (endA > start && endB > start && before.charCodeAt(endA - 1) === after.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  return { from: start, to: endA, insert: after.slice(start, endB) };
}

/** One replacement of characters from..to of a text by `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/**
 * The edits (ascending, disjoint) that turn `before` into `after`, line by line: how a stored
 * version is applied to an open document one changed place at a time, so text between the places
 * (where the user may be typing) is left alone. An edit never touches a line that did not change,
 * not even its end: appending after the last line inserts after it rather than rewriting it (the
 * editor may hold text there, such as a trailing space just typed, that its Markdown does not show).
 */
export function lineEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = splitLines(before);
  const b = splitLines(after);
  const starts = [0];
  for (const line of a) starts.push(starts[starts.length - 1] + line.length + 1);
  return diffIndices(a, b).map((d) => {
    const [s, k] = d.buffer1;
    const lines = b.slice(d.buffer2[0], d.buffer2[0] + d.buffer2[1]);
    if (k === 0) {
      // An insertion before line s, or after the last line.
      if (s < a.length)
        return { from: starts[s], to: starts[s], insert: lines.map((l) => `${l}\n`).join('') };
      return { from: before.length, to: before.length, insert: lines.map((l) => `\n${l}`).join('') };
    }
    const from = starts[s];
    const to = starts[s + k] - 1; // the end of the last replaced line, before its newline
    if (lines.length) return { from, to, insert: lines.join('\n') };
    // Lines removed: with the newline after them, or before them at the end of the text.
    return s + k < a.length
      ? { from, to: to + 1, insert: '' }
      : { from: Math.max(0, from - 1), to, insert: '' };
  });
}
