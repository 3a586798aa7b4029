/*
 * The DOM-free half of the editor: schema and Markdown ⇄ document. Safe to import in workers
 * and in Node (tests, benchmarks); the view lives in create-editor.ts.
 */
export { markdownSchema, type BlockSource } from './schema';
export { parseMarkdown, parseStructure, stripSources } from './parse';
export { serializeMarkdown, serializeBlock, serializeWithMap, type BlockSpan } from './serialize';
export { applyMarkdownEdit } from './markdown-edit';
export { createMarkdownIt } from './markdown-it-setup';
