/** Semantic search: chunking, embedders, the vector index, the background indexer and the search API. */
export { createSemanticSearch } from './semantic-search';
export type { SemanticSearch, SemanticQueryOptions, SemanticStatus, CreateSemanticSearchOptions } from './semantic-search';
export { SemanticIndexer } from './indexer';
export type { SemanticIndexerOptions, IndexRunResult } from './indexer';
export type { IndexCounts } from './embed-notes';
export { RELEVANCE_PRESETS, DEFAULT_RELEVANCE, resolveLimits } from './presets';
export type { Relevance, SearchLimits } from './presets';
export { chunkNote, estimateTokens, DEFAULT_CHUNK_TOKENS, DEFAULT_OVERLAP_TOKENS } from './chunk';
export type { ChunkOptions } from './chunk';
export { HashedNgramEmbedder } from './hashed-ngram-embedder';
export type { HashedNgramOptions } from './hashed-ngram-embedder';
export { OpenAICompatibleEmbedder } from './openai-embedder';
export type { OpenAICompatibleEmbedderOptions } from './openai-embedder';
export { WebLLMEmbedder, WEBLLM_EMBEDDING_MODELS } from './webllm-embedder';
export type { WebLLMEmbedderOptions, WebLLMEmbeddingModel, EmbeddingEngine, WebLLMLoadProgress } from './webllm-embedder';
export { VectorIndex } from './vector-index';
export type { VectorMatch, VectorFilter } from './vector-index';
export type { Embedder, Chunk, SemanticHit, IndexProgress } from './types';
