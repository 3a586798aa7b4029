/**
 * Marks the JavaScript a start runs with V8's compile hint `//# allFunctionsCalledOnLoad`
 * (https://v8.dev/blog/explicit-compile-hints), so Chromium compiles every function of those
 * files while it streams them in, on a background thread, instead of compiling each one on the
 * main thread the first time it is called. A start of the note list calls most of the shell's,
 * Svelte's, SvelteKit's and Dexie's functions, and compiling them lazily was ~60 ms of the main
 * thread's work before the first screen in a profile (issue 15). Browsers without the hint read a
 * comment.
 *
 * Which files: the client build's entries (SvelteKit's start and app, and its route nodes) and
 * every chunk they import statically, that is what the HTML preloads and the router loads before
 * it mounts the page. Chunks loaded with import() (the editor, the AI sidebar, Settings, the
 * importers) and the worker's bundles keep V8's lazy compiling: most of their code never runs.
 */
import type { Plugin } from 'vite';

/** The hint's text: V8 reads it only as the first line of a file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** The file names of the entry chunks and of every chunk they import statically. */
export function startChunks(bundle: Record<string, { type: string }>): Set<string> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item): item is ChunkLike => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk])
  );
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return found;
}

/** The plugin: adds the hint to the start chunks of the client build only. */
export function startCompileHints(): Plugin {
  return {
    name: 'folio-start-compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const fileName of startChunks(bundle)) {
        const chunk = bundle[fileName] as unknown as ChunkLike;
        chunk.code = COMPILE_HINT + chunk.code;
        // A source map of the chunk starts one line lower: an empty first line of mappings.
        const map = bundle[`${fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          map.source = JSON.stringify(parsed);
        }
      }
    }
  };
}
