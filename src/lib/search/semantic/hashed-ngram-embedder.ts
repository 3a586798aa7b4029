/**
 * A local lexical embedder: hashed character n-grams and words with TF-IDF-style weighting,
 * L2-normalised. It is a real computation, deterministic and instant, and works offline, but it is
 * NOT a neural model: it knows spelling, not meaning ("car" and "automobile" share nothing). Use it
 * in tests and as an offline fallback the user picks explicitly, never passed off as a model.
 *
 * Features (the "hashing trick", Weinberger et al. 2009): each word (lower-cased, accents folded,
 * stop words dropped) and each of its character n-grams (3 to 5, with the word padded by `<` `>`
 * so prefixes and suffixes count) is hashed (FNV-1a) to one of `dimensions` buckets with a hashed
 * sign, so collisions cancel out on average instead of piling up. Weight: (1 + ln tf) × a per-kind
 * weight × the bucket's IDF when the embedder was fitted on a corpus (`HashedNgramEmbedder.fit`),
 * else 1. The id names the version, the size and the IDF table's fingerprint, so stored vectors of
 * a different configuration are never compared with these.
 */
import type { Embedder } from './types';

/** Settings of the hashed n-gram embedder. */
export interface HashedNgramOptions {
  /** Vector length; 384 by default (the size of snowflake-arctic-embed-s, for comparable storage). */
  dimensions?: number;
  /** Per-bucket inverse document frequencies, as made by `HashedNgramEmbedder.fit`. */
  idf?: Float32Array;
}

const MIN_N = 3;
const MAX_N = 5;
const WORD_WEIGHT = 1;
/** Spread over a word's many n-grams, so a word counts about as much through them as by itself. */
const NGRAM_WEIGHT = 0.35;
const WORD_RE = /[\p{L}\p{N}]+/gu;
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have he her his i if in into is it its me my no not of on or our she so ' +
    'that the their them then there these they this to was we were what when which who will with you your do does did ' +
    'can could would should been being than too very just also about over under up down out off all any each some such'
  ).split(' ')
);

/** FNV-1a, 32 bits: fast, well spread, and the same in every JavaScript engine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Lower case, accents removed. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The features of a text with their counts: `w:word` and `g:ngram` keys. */
export function textFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const word of fold(text).match(WORD_RE) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    add('w:' + word);
    const padded = `<${word}>`;
    for (let n = MIN_N; n <= MAX_N; n++) {
      for (let i = 0; i + n <= padded.length; i++) add('g:' + padded.slice(i, i + n));
    }
  }
  return counts;
}

/** The embedder: see the file's opening comment. */
export class HashedNgramEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  /** No real limit; chunks use the usual window so results stay comparable with model embedders. */
  readonly maxTokens = 512;
  private readonly idf: Float32Array | undefined;

  constructor(options: HashedNgramOptions = {}) {
    this.dimensions = options.dimensions ?? 384;
    if (!Number.isInteger(this.dimensions) || this.dimensions < 8)
      throw new RangeError(`dimensions must be an integer ≥ 8, got ${this.dimensions}.`);
    if (options.idf && options.idf.length !== this.dimensions)
      throw new RangeError(`idf has ${options.idf.length} entries, expected ${this.dimensions}.`);
    this.idf = options.idf;
    const suffix = this.idf
      ? `-idf${fnv1a(Array.from(this.idf, (x) => x.toFixed(4)).join(',')).toString(16)}`
      : '';
    this.id = `hashed-ngram-v1-d${this.dimensions}${suffix}`;
  }

  /** An embedder whose bucket weights are the IDF of `corpus` (smoothed: ln((1 + N) / (1 + df)) + 1). */
  static fit(corpus: string[], options: Omit<HashedNgramOptions, 'idf'> = {}): HashedNgramEmbedder {
    const dimensions = options.dimensions ?? 384;
    const df = new Float64Array(dimensions);
    for (const text of corpus) {
      const seen = new Set<number>();
      for (const key of textFeatures(text).keys()) seen.add(fnv1a(key) % dimensions);
      for (const bucket of seen) df[bucket]++;
    }
    const idf = Float32Array.from(df, (d) => Math.log((1 + corpus.length) / (1 + d)) + 1);
    return new HashedNgramEmbedder({ dimensions, idf });
  }

  /** One L2-normalised vector per text (all zeros for a text without words). */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    return texts.map((text) => this.embedOne(text));
  }

  private embedOne(text: string): Float32Array {
    const vector = new Float32Array(this.dimensions);
    for (const [key, tf] of textFeatures(text)) {
      const hash = fnv1a(key);
      const bucket = hash % this.dimensions;
      const sign = fnv1a(key + '#') & 1 ? 1 : -1;
      const kind = key.charCodeAt(0) === 119 /* w */ ? WORD_WEIGHT : NGRAM_WEIGHT;
      vector[bucket] += sign * (1 + Math.log(tf)) * kind * (this.idf ? this.idf[bucket] : 1);
    }
    return normalize(vector);
  }
}

/** Scales a vector to length 1 in place (a zero vector stays zero) and returns it. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  }
  return vector;
}
