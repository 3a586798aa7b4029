// Checks shared by the tests of the two ways an edit of a note's Markdown reaches the document
// (applyMarkdownEdit, and review's markdownChange): both must give exactly the spliced text.
import { expect } from 'vitest';
import type { Node } from 'prosemirror-model';
import { parseStructure, stripSources } from './parse';
import { serializeMarkdown } from './serialize';

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Markdown of `doc`, after checking that it parses back to the same structure. */
export function serializeChecked(doc: Node): string {
  const out = serializeMarkdown(doc);
  expect(parseStructure(out).eq(stripSources(doc))).toBe(true);
  return out;
}

/** How expectRandomEdits draws its edits. */
export interface RandomEdits {
  /** Seeds seededRandom. */
  seed: number;
  /** The texts an edit inserts, one drawn per edit. */
  pieces: string[];
  /** The longest range an edit replaces, in characters. */
  maxLength: number;
  /** How many edits. */
  count: number;
}

/**
 * Expects `edit(md, from, to, insert)` to give `md` spliced as plain text, for `count` edits each
 * replacing up to `maxLength` characters at a random place with one of `pieces`.
 */
export function expectRandomEdits(
  md: string,
  edit: (md: string, from: number, to: number, insert: string) => string,
  draw: RandomEdits
): void {
  const next = seededRandom(draw.seed);
  for (let i = 0; i < draw.count; i++) {
    const a = Math.floor(next() * (md.length + 1));
    const b = Math.min(md.length, a + Math.floor(next() * draw.maxLength));
    const insert = draw.pieces[Math.floor(next() * draw.pieces.length)];
    expect(edit(md, a, b, insert), `edit ${a}..${b} ${JSON.stringify(insert)}`).toBe(
      md.slice(0, a) + insert + md.slice(b)
    );
  }
}
