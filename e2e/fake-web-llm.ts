// Serves the web-llm-shaped module (fixtures/fake-web-llm.js) in place of the built app's web-llm
// chunk, with web-llm's real catalogue, and collects the engine's events in the page.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';

/** One engine event the fake posts (reload, loaded, unload, delete, request). */
export interface FakeWebLlmEvent {
  type: 'reload' | 'loaded' | 'unload' | 'delete' | 'request';
  model: string;
  /** On reload: the pieces already in the cache, where the download starts. */
  fromPiece?: number;
  responseFormat?: { type: string; structural_tag?: { format: { triggers: string[] } } } | null;
}

let source: string | undefined;

async function fakeModule(): Promise<string> {
  if (!source) {
    const webllm = await import('@mlc-ai/web-llm');
    const fixture = readFileSync(new URL('./fixtures/fake-web-llm.js', import.meta.url), 'utf8');
    source = `const MODEL_LIST = ${JSON.stringify(webllm.prebuiltAppConfig.model_list)};\n${fixture}`;
  }
  return source;
}

/**
 * Whether a chunk is web-llm itself: its export clause names web-llm's entry points. Chunks that only
 * use web-llm (the worker's own code, which calls `module.CreateMLCEngine` on the dynamic import)
 * mention the same names and must be served as they are.
 */
function exportsWebLlm(text: string): boolean {
  const exported = [...text.matchAll(/export\s*\{([^}]*)\}/g)].map((match) => match[1]).join(',');
  return /\bCreateMLCEngine\b/.test(exported) && /\bprebuiltAppConfig\b/.test(exported);
}

/** Routes the web-llm chunk (recognised by its exports) to the fake, for every page of the context. */
export async function installFakeWebLlm(context: BrowserContext): Promise<void> {
  const body = await fakeModule();
  await context.route('**/_app/immutable/workers/chunks/*.js', async (route) => {
    try {
      const response = await route.fetch();
      const text = await response.text();
      if (exportsWebLlm(text)) await route.fulfill({ status: 200, contentType: 'text/javascript', body });
      else await route.fulfill({ response, body: text });
    } catch {
      // The page closed while a chunk was in flight (the end of a test): nothing to serve.
    }
  });
  await context.addInitScript(() => {
    const events: unknown[] = [];
    (window as unknown as { fakeWebLlmEvents: unknown[] }).fakeWebLlmEvents = events;
    new BroadcastChannel('fake-web-llm').onmessage = (event) => events.push(event.data);
  });
}

/** The engine events so far. */
export function fakeWebLlmEvents(page: Page): Promise<FakeWebLlmEvent[]> {
  return page.evaluate(() => (window as unknown as { fakeWebLlmEvents: FakeWebLlmEvent[] }).fakeWebLlmEvents);
}
