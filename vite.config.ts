import { sveltekit } from '@sveltejs/kit/vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { startCompileHints } from './build-plugins/start-compile-hints.ts';

/**
 * Modules that only define things (no work at import time besides building their exports), but
 * that a bundler cannot prove so (a top-level `new Schema()`, `new MarkdownIt()`). Marked free of
 * side effects so that what is re-exported by a barrel but unused at start stays out of the first
 * chunks: `$lib/state` re-exports the review queue and the chat (the editor, the agent), the sync
 * status (`$lib/sync`, whose barrel holds the WebDAV XML parser and, through the sync engine, the
 * importers with fflate, yaml and markdown-it), the MCP carriers and the plugin host. Every module
 * of `src/lib` is such a module: none runs anything at import but building its own exports (no
 * listener, global or registration made at import; CSS is imported by components, which are not
 * matched). A module that must run something at import has to be left out of this rule.
 * The editor loads only when a note is opened, the chat when the sidebar is, the importers on use
 * (issues 2 and 15).
 */
const PURE_MODULES = [
  { test: /\/src\/lib\/[^?]*\.ts$/, sideEffects: false },
  {
    test: /\/node_modules\/(markdown-it|linkify-it|mdurl|uc\.micro|punycode\.js|rope-sequence|w3c-keyname)\//,
    sideEffects: false
  }
];

/** Test files run without isolation: see the `shared` project below. */
const SHARED_MODULE_TESTS = ['src/lib/{db,tools,mcp,plugins,interop,sync,agent,rpc,pwa}/**/*.test.ts'];

export default defineConfig({
  plugins: [sveltekit(), startCompileHints()],
  build: {
    rolldownOptions: { treeshake: { moduleSideEffects: PURE_MODULES } },
    // Fonts stay files: the CSP allows fonts from 'self' only, and KaTeX's smallest would
    // otherwise be inlined as data: URLs, which it refuses.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined)
  },
  // Everything a start runs in one chunk (rolldown's `$initial` tag: what the entries import
  // statically): the app's own split gave 29 files at start, and each request costs the main
  // thread ~1 ms here before any of it runs (ResourceFetcher in a trace), the first screen's
  // critical path. One chunk: 8 files, 117 -> 106 KB gzip (one stream compresses better), first
  // screen at 10,000 notes 474 -> 397 ms median (15 alternated starts). What loads on use (the
  // editor, the sidebar, Settings, the importers) keeps its own chunks. The client build only:
  // merged in the server build too, SvelteKit lists the CSS of every component a merged chunk
  // imports dynamically as the page's stylesheets.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } }
        }
      }
    }
  },
  server: { fs: { allow: ['workers'] } },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Budgets for a loaded machine, not for a quiet one: tests that talk to a server, start a worker
    // or build an index take 1–2 s alone and passed Vitest's default 5 s only when the CPU was free
    // (at load 16 five ran 5.1–6.8 s). A hung test still fails, 30 s later.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        // Folders whose tests change no global (no stubbed globals, module mocks, fake timers or
        // environment variables; each opens its own uniquely named database), so their files can
        // share one module cache: without isolation each file no longer re-imports Dexie, the SDKs
        // and the registry, which was most of these folders' time (97 s → 25 s for four of them).
        extends: true,
        test: { name: 'shared', include: SHARED_MODULE_TESTS, isolate: false }
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'workers/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHARED_MODULE_TESTS]
        }
      }
    ]
  }
});
