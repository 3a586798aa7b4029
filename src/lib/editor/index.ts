/*
 * The Markdown editor: schema, parse/serialize with source fidelity, and the editor view.
 */
export { markdownSchema, type BlockSource } from './schema';
export { parseMarkdown, parseStructure, stripSources } from './parse';
export { serializeMarkdown, serializeBlock } from './serialize';
export { createMarkdownIt } from './markdown-it-setup';
