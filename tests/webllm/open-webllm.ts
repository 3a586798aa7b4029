/**
 * The real web-llm 0.2.86 module, opened up for contract tests: the package's own `lib/index.js`,
 * byte for byte, plus one appended line that exports three of its internal bindings — the
 * `LLMChatPipeline` class (so a test can stand in a pipeline for the GPU while the engine's own code
 * runs: `create`, the stream generator, `interruptGenerate`, `unload`, the request checks), its
 * model lock, and the bundled XGrammar (the very grammar compiler web-llm uses during prefill). The
 * copy lives in node_modules/.cache and is rewritten whenever the package file changes.
 *
 * The bundled XGrammar is an Emscripten module that, in Node, looks for the free globals
 * `createRequire` and `location`; a worker has `location`, Node has neither, so both are set here.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as WebLlm from '@mlc-ai/web-llm';

const require = createRequire(import.meta.url);

/** The real package's exports plus the two internals. */
export type OpenWebLlm = typeof WebLlm & {
  __LLMChatPipeline: { prototype: object };
  __CustomLock: new () => { acquire(): Promise<void>; release(): Promise<void> };
  __xgrammar: {
    Grammar: {
      fromStructuralTag(tag: unknown): Promise<unknown>;
      fromJSONSchema(schema: string): Promise<unknown>;
    };
    Testings: { isGrammarAcceptString(grammar: unknown, input: string): Promise<boolean> };
  };
};

let opened: Promise<OpenWebLlm> | undefined;

/** Imports the opened-up copy of web-llm (once per test file). */
export function openWebLlm(): Promise<OpenWebLlm> {
  opened ??= load();
  return opened;
}

async function load(): Promise<OpenWebLlm> {
  const source = readFileSync(
    join(dirname(require.resolve('@mlc-ai/web-llm/package.json')), 'lib', 'index.js'),
    'utf8'
  );
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(
    dirname(require.resolve('@mlc-ai/web-llm/package.json')),
    '..',
    '..',
    '.cache',
    'folio-webllm-contract'
  );
  const file = join(dir, `web-llm-${digest}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      file,
      `${source}\nexport { LLMChatPipeline as __LLMChatPipeline, CustomLock as __CustomLock, libExports$1 as __xgrammar };\n`
    );
  }
  const globals = globalThis as { createRequire?: unknown; location?: unknown };
  globals.createRequire ??= createRequire;
  globals.location ??= pathToFileURL(file);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as OpenWebLlm;
}
