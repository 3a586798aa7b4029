/** Semantic search: chunking, embedders, the vector index, the background indexer and the search API. */
export { createSemanticSearch } from './semantic-search';
export type { SemanticSearch } from './semantic-search';
export { HashedNgramEmbedder } from './hashed-ngram-embedder';
export { OpenAICompatibleEmbedder } from './openai-embedder';
export { WebLLMEmbedder, WEBLLM_EMBEDDING_MODELS } from './webllm-embedder';
export type { WebLLMEmbeddingModel, WebLLMLoadProgress } from './webllm-embedder';
export type { Embedder } from './types';
