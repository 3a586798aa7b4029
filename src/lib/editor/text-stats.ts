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

/** The counts of a document: words, and characters other than line breaks. */
export function textStats(doc: PMNode): TextStats {
  const text = doc.textBetween(0, doc.content.size, '\n', (leaf) =>
    leaf.type.name === 'math_inline' ? (leaf.attrs.tex as string) : ' '
  );
  let characters = 0;
  for (const ch of text) if (ch !== '\n') characters++;
  return { words: countWords(text), characters };
}
