/*
 * Word and character counts of a note as it reads (its text, not its Markdown syntax). Words are
 * counted with Intl.Segmenter where the browser has it, so Chinese or Japanese text counts its
 * words rather than its runs without spaces.
 */
import type { Node as PMNode } from 'prosemirror-model';

/** A note's counts. */
export interface TextStats {
  words: number;
  characters: number;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'word' })
    : null;

function countWords(text: string): number {
  if (!segmenter) return text.split(/\s+/).filter(Boolean).length;
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
  return words;
}

/**
 * The counts of each top-level block, by node. ProseMirror keeps the nodes an edit did not touch,
 * so a recount after a keystroke segments one block rather than the whole note: on a 1 MB note
 * segmenting everything took 50-100 ms, a pause the next keystroke waited behind.
 */
const blockStats = new WeakMap<PMNode, TextStats>();

function statsOfBlock(block: PMNode): TextStats {
  const known = blockStats.get(block);
  if (known) return known;
  const text = block.textBetween(0, block.content.size, '\n', (leaf) =>
    leaf.type.name === 'math_inline' ? (leaf.attrs.tex as string) : ' '
  );
  let characters = 0;
  for (const ch of text) if (ch !== '\n') characters++;
  const stats = { words: countWords(text), characters };
  blockStats.set(block, stats);
  return stats;
}

/**
 * The counts of a document: words, and characters other than line breaks. Blocks are apart by a
 * line break, which no word crosses, so the note's counts are the sum of its blocks'.
 */
export function textStats(doc: PMNode): TextStats {
  let words = 0;
  let characters = 0;
  doc.forEach((block) => {
    const stats = statsOfBlock(block);
    words += stats.words;
    characters += stats.characters;
  });
  return { words, characters };
}
