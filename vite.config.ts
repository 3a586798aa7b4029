import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

/**
 * Modules that only define things (no work at import time besides building their exports), but
 * that a bundler cannot prove so (a top-level `new Schema()`, `new MarkdownIt()`). Marked free of
 * side effects so that what is re-exported by a barrel but unused at start (`$lib/state` re-exports
 * the review queue and the chat, which use `$lib/editor` and `$lib/agent`) stays out of the first
 * chunk: the editor loads only when a note is opened, the chat when the sidebar is (issue 2).
 */
const PURE_MODULES = [
  { test: /\/src\/lib\/(editor|state|agent|llm)\/[^?]*\.ts$/, sideEffects: false },
  {
    test: /\/node_modules\/(markdown-it|linkify-it|mdurl|uc\.micro|punycode\.js|rope-sequence|w3c-keyname)\//,
    sideEffects: false
  }
];

export default defineConfig({
  plugins: [sveltekit()],
  build: {
    rolldownOptions: { treeshake: { moduleSideEffects: PURE_MODULES } },
    // Fonts stay files: the CSP allows fonts from 'self' only, and KaTeX's smallest would
    // otherwise be inlined as data: URLs, which it refuses.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined)
  },
  server: { fs: { allow: ['workers'] } },
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'workers/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts']
  }
});
