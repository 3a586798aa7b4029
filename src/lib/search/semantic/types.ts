/** The shapes shared by the semantic-search modules: embedders, hits, progress. */

/**
 * Something that turns texts into vectors. Implementations: `HashedNgramEmbedder` (local, lexical,
 * not a neural model), `OpenAICompatibleEmbedder` (`/v1/embeddings`), `WebLLMEmbedder` (in-browser).
 */
export interface Embedder {
  /** The model id; part of every stored vector's key, so vectors of two models never mix. */
  readonly id: string;
  /** The length of each vector. */
  readonly dimensions: number;
  /** The longest input the model takes, in tokens; chunks are sized to fit. */
  readonly maxTokens: number;
  /**
   * Prepended to a search query (not to documents). Retrieval models such as snowflake-arctic-embed
   * are trained with an instruction on the query side only.
   */
  readonly queryPrefix?: string;
  /** One vector per text, in order. Vectors need not be normalised; the index normalises them. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** One piece of a note, as embedded. */
export interface Chunk {
  index: number;
  text: string;
}

/** A search result: one chunk of one note, with its cosine similarity to the query. */
export interface SemanticHit {
  note_id: string;
  title: string;
  notebook_id: string;
  chunk_index: number;
  chunk_text: string;
  /** Cosine similarity, -1..1 (in practice 0..1). */
  score: number;
}

/** How far the background indexer has got, in notes. `total` grows when notes change while it runs. */
export interface IndexProgress {
  done: number;
  total: number;
}
