/*
 * A three-way merge of texts, character by character: `ours` and `theirs` are two changed
 * copies of `base`; the result carries both sets of changes, and where both changed the same
 * characters, theirs. The editor uses it to write an edited block (see block-style.ts): base is
 * how the block's original node is written afresh, ours is the user's own text of it, theirs is
 * how the edited node is written afresh; the merge keeps the user's text wherever the edit did
 * not reach.
 *
 * Diffs come from fast-diff (diff-match-patch's diff). Long texts are compared line by line
 * first, and runs of changed lines pairwise, so that a long table whose every row is padded
 * differently still costs one short diff per row.
 */
import diff from 'fast-diff';

/** Characters from..to of the base replaced by `text`. */
export interface Hunk {
  from: number;
  to: number;
  text: string;
}

/** Beyond this many characters, texts are compared line by line before character by character. */
const CHAR_DIFF_MAX = 4_000;

/** The changes turning `a` into `b`, from a character diff, offset by `at`. */
function charHunks(a: string, b: string, at: number, out: Hunk[]): void {
  let pos = at;
  let open: Hunk | null = null;
  for (const [op, text] of diff(a, b)) {
    if (op === diff.EQUAL) {
      open = null;
      pos += text.length;
      continue;
    }
    if (!open) {
      open = { from: pos, to: pos, text: '' };
      out.push(open);
    }
    if (op === diff.DELETE) {
      pos += text.length;
      open.to = pos;
    } else {
      open.text += text;
    }
  }
}

function splitKeepingEnds(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Encodes each distinct line as one character, so a character diff compares lines. */
function encodeLines(lines: string[], codes: Map<string, string>): string {
  let out = '';
  for (const line of lines) {
    let code = codes.get(line);
    if (code === undefined) {
      // Skip the surrogate range: fast-diff keeps surrogate pairs together.
      const n = codes.size + 1;
      code = String.fromCharCode(n < 0xd800 ? n : n + 0x800);
      codes.set(line, code);
    }
    out += code;
  }
  return out;
}

/** A run of changed lines: pairs of equal count line up one to one, others are diffed whole. */
function runHunks(aLines: string[], bLines: string[], at: number, out: Hunk[]): void {
  if (aLines.length === bLines.length) {
    let pos = at;
    aLines.forEach((line, i) => {
      if (line !== bLines[i]) charHunks(line, bLines[i], pos, out);
      pos += line.length;
    });
    return;
  }
  const a = aLines.join('');
  const b = bLines.join('');
  if (a.length + b.length <= CHAR_DIFF_MAX) charHunks(a, b, at, out);
  else out.push({ from: at, to: at + a.length, text: b });
}

function lineHunks(a: string, b: string, at: number, out: Hunk[]): void {
  const aLines = splitKeepingEnds(a);
  const bLines = splitKeepingEnds(b);
  if (aLines.length + bLines.length > 0xf000) {
    out.push({ from: at, to: at + a.length, text: b });
    return;
  }
  const codes = new Map<string, string>();
  let pos = at;
  let ai = 0;
  let bi = 0;
  let deleted: string[] = [];
  let inserted: string[] = [];
  const flush = (): void => {
    if (!deleted.length && !inserted.length) return;
    runHunks(deleted, inserted, pos, out);
    pos += deleted.join('').length;
    deleted = [];
    inserted = [];
  };
  for (const [op, codesRun] of diff(encodeLines(aLines, codes), encodeLines(bLines, codes))) {
    const count = codesRun.length;
    if (op === diff.EQUAL) {
      flush();
      for (let i = 0; i < count; i++) pos += aLines[ai++].length;
      bi += count;
    } else if (op === diff.DELETE) {
      deleted.push(...aLines.slice(ai, ai + count));
      ai += count;
    } else {
      inserted.push(...bLines.slice(bi, bi + count));
      bi += count;
    }
  }
  flush();
}

/** The changes that turn `base` into `other`, in order, as disjoint hunks of base. */
export function hunksBetween(base: string, other: string): Hunk[] {
  let start = 0;
  const max = Math.min(base.length, other.length);
  while (start < max && base.charCodeAt(start) === other.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < max - start &&
    base.charCodeAt(base.length - 1 - end) === other.charCodeAt(other.length - 1 - end)
  )
    end++;
  const a = base.slice(start, base.length - end);
  const b = other.slice(start, other.length - end);
  const out: Hunk[] = [];
  if (!a && !b) return out;
  if (a.length + b.length <= CHAR_DIFF_MAX) charHunks(a, b, start, out);
  else lineHunks(a, b, start, out);
  return out;
}

interface Tagged extends Hunk {
  theirs: boolean;
}

/** True when two hunks of different sides touch the same characters (or insert at one point). */
function clash(group: { from: number; to: number }, hunk: Hunk): boolean {
  if (hunk.from < group.to) return true;
  return hunk.from === group.to && hunk.from === hunk.to && group.from === group.to;
}

/** `base` from..to with the given hunks (all inside that range) applied. */
function applyWithin(base: string, from: number, to: number, hunks: Hunk[]): string {
  let out = '';
  let pos = from;
  for (const hunk of hunks) {
    out += base.slice(pos, hunk.from) + hunk.text;
    pos = hunk.to;
  }
  return out + base.slice(pos, to);
}

/**
 * Which text goes first where both sides insert at the same point: typing at the end of a line
 * that the user's text ends in spaces wants theirs first, typing right after an opening
 * delimiter the user wrote longer wants ours first; the caller tries both.
 */
export type InsertOrder = 'theirs-first' | 'ours-first';

/** Merges the changes base → ours and base → theirs; see the module comment. */
export function mergeThreeWay(
  base: string,
  ours: string,
  theirs: string,
  order: InsertOrder = 'theirs-first'
): string {
  if (ours === base) return theirs;
  if (theirs === base) return ours;
  const all: Tagged[] = [
    ...hunksBetween(base, ours).map((h) => ({ ...h, theirs: false })),
    ...hunksBetween(base, theirs).map((h) => ({ ...h, theirs: true }))
  ];
  // By start; at one start, insertions first, so text inserted before a change stays before it.
  all.sort((x, y) => x.from - y.from || x.to - x.from - (y.to - y.from));
  let out = '';
  let pos = 0;
  let i = 0;
  while (i < all.length) {
    const group = { from: all[i].from, to: all[i].to };
    const members = [all[i++]];
    while (i < all.length && clash(group, all[i])) {
      group.to = Math.max(group.to, all[i].to);
      members.push(all[i++]);
    }
    out += base.slice(pos, group.from);
    const sides = new Set(members.map((m) => m.theirs));
    if (sides.size === 2 && group.from === group.to) {
      // Both insert here: keep both, in the order asked.
      const first = members.find((m) => m.theirs === (order === 'theirs-first'))!;
      const second = members.find((m) => m !== first)!;
      out += first.text + second.text;
    } else {
      // One side only: its change. Both: theirs (the edit) over ours (the style) in that range.
      const chosen = sides.size === 1 ? members : members.filter((m) => m.theirs);
      out += applyWithin(base, group.from, group.to, chosen);
    }
    pos = group.to;
  }
  return out + base.slice(pos);
}
