/**
 * Chunking a note for embedding. The note's Markdown is stripped to plain-text blocks (paragraphs,
 * sections), which are packed greedily into windows of about `maxTokens` tokens. A window closes
 * early at a heading once it is at least half full, so sections stay whole where they can; a window
 * closed because it was full hands its last `overlapTokens` tokens on to the next one, so a sentence
 * cut at the edge is still seen whole by one of them. A block larger than a window is split at
 * sentence ends, then at spaces. The note's title opens the first chunk.
 *
 * Token counts are estimates (no tokenizer here): the larger of chars / 4 and words × 1.3, which
 * overestimates for English prose under WordPiece/BPE, so windows stay under the model's limit.
 */
import type { Chunk } from './types';
import { markdownToBlocks, type TextBlock } from './strip-markdown';

/** Window size and overlap, in estimated tokens. */
export interface ChunkOptions {
  maxTokens?: number;
  overlapTokens?: number;
}

/** The default window: snowflake-arctic-embed's 512-token context. */
export const DEFAULT_CHUNK_TOKENS = 512;
/** The default overlap between consecutive windows. */
export const DEFAULT_OVERLAP_TOKENS = 64;
/** A title longer than this many characters is cut, so it can't crowd out the body. */
const MAX_TITLE_CHARS = 200;

/** The estimated token count of a text: max(chars / 4, words × 1.3), rounded up. */
export function estimateTokens(text: string): number {
  const words = text.match(/\S+/g)?.length ?? 0;
  return Math.ceil(Math.max(text.length / 4, words * 1.3));
}

/** Chunks a note: title in the first chunk, windows of about `maxTokens` with `overlapTokens` overlap. */
export function chunkNote(title: string, body: string, options: ChunkOptions = {}): Chunk[] {
  const maxTokens = options.maxTokens ?? DEFAULT_CHUNK_TOKENS;
  const overlap = options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS;
  if (!(maxTokens >= 16)) throw new RangeError(`maxTokens must be at least 16, got ${maxTokens}.`);
  if (!(overlap >= 0 && overlap <= maxTokens / 2))
    throw new RangeError(`overlapTokens must be between 0 and maxTokens / 2, got ${overlap}.`);
  const heading = title.trim().replace(/\s+/g, ' ').slice(0, MAX_TITLE_CHARS);
  const headingTokens = heading ? estimateTokens(heading + '\n\n') : 0;
  const blocks = markdownToBlocks(body).flatMap((b) =>
    splitLargeBlock(b, maxTokens - overlap - headingTokens)
  );
  const windows = packBlocks(blocks, maxTokens, overlap, headingTokens);
  if (heading) {
    if (windows.length === 0) windows.push('');
    windows[0] = windows[0] ? `${heading}\n\n${windows[0]}` : heading;
  }
  return windows.map((text, index) => ({ index, text }));
}

/** Greedy packing of blocks into windows; the first window leaves room for the title. */
function packBlocks(blocks: TextBlock[], maxTokens: number, overlap: number, firstReserve: number): string[] {
  const windows: string[] = [];
  let current = '';
  for (const block of blocks) {
    const budget = maxTokens - (windows.length === 0 ? firstReserve : 0);
    const candidate = current ? `${current}\n\n${block.text}` : block.text;
    const atSection = block.heading && estimateTokens(current) >= budget / 2;
    if (current && (estimateTokens(candidate) > budget || atSection)) {
      windows.push(current);
      // The 2 tokens leave room for the paragraph break and rounding.
      const tail = atSection
        ? ''
        : tailOf(current, Math.min(overlap, maxTokens - estimateTokens(block.text) - 2));
      current = tail ? `${tail}\n\n${block.text}` : block.text;
    } else {
      current = candidate;
    }
  }
  if (current) windows.push(current);
  return windows;
}

/** The last words of a text, about `tokens` tokens of them (never the whole text). */
export function tailOf(text: string, tokens: number): string {
  if (tokens <= 0) return '';
  const words = text.split(/\s+/).filter(Boolean);
  let start = words.length;
  while (start > 1 && estimateTokens(words.slice(start - 1).join(' ')) <= tokens) start--;
  return start < words.length ? words.slice(start).join(' ') : '';
}

/** Splits a block larger than `limit` tokens at sentence ends, then at spaces. */
function splitLargeBlock(block: TextBlock, limit: number): TextBlock[] {
  if (estimateTokens(block.text) <= limit) return [block];
  const sentences = block.text
    .split(/(?<=[.!?;:])\s+|\n+/)
    .flatMap((s) => (estimateTokens(s) > limit ? splitWords(s, limit) : [s]));
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    const candidate = current ? `${current} ${sentence}` : sentence;
    if (current && estimateTokens(candidate) > limit) {
      pieces.push(current);
      current = sentence;
    } else current = candidate;
  }
  if (current) pieces.push(current);
  return pieces.map((text, i) => ({ text, heading: block.heading && i === 0 }));
}

/** Splits a text into runs of words of at most `limit` tokens (a word longer than that is cut). */
function splitWords(text: string, limit: number): string[] {
  const maxChars = limit * 4;
  const words = text
    .split(/\s+/)
    .flatMap((w) => (w.length > maxChars ? (w.match(new RegExp(`.{1,${maxChars}}`, 'gs')) ?? []) : [w]));
  const runs: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && estimateTokens(candidate) > limit) {
      runs.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) runs.push(current);
  return runs;
}
