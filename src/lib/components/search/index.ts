/** Search UI pieces the shell mounts: highlighted text, syntax help, status, indexing progress, related notes. */
export { default as SearchSyntax } from './SearchSyntax.svelte';
export { default as SearchStatus } from './SearchStatus.svelte';
export { default as IndexingProgress } from './IndexingProgress.svelte';
