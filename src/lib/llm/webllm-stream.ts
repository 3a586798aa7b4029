/**
 * Opening and reading a web-llm stream as the real engine behaves (pinned in
 * webllm-engine-contract.test.ts): `chat.completions.create({stream: true})` checks the request and
 * returns at once; the generation (prefill, and with it the grammar compile of a response format)
 * runs in the stream's first `next()`. So a request is only "accepted" once its first chunk came:
 * `openStream` waits for it, and a failure from `create` or from that first chunk is one and the
 * same rejection to the caller (who may then retry with a looser grammar).
 */
import type { WebLlmChunk, WebLlmEngine, WebLlmRequest } from './webllm-engine';

/** A stream whose generation has started: its first chunk, then the rest. */
export interface OpenedStream {
  first: IteratorResult<WebLlmChunk>;
  iterator: AsyncIterator<WebLlmChunk>;
}

/** Creates the stream and reads its first chunk; rejects with the error of either step. */
export async function openStream(engine: WebLlmEngine, request: WebLlmRequest): Promise<OpenedStream> {
  const iterator = (await engine.chat.completions.create(request))[Symbol.asyncIterator]();
  return { first: await iterator.next(), iterator };
}

/**
 * The chunks of an opened stream. Leaving the loop early (Stop) returns the generator, which makes
 * web-llm stop the generation in its `finally` — also one that had not seen `interruptGenerate`.
 */
export async function* chunksOf(opened: OpenedStream, signal?: AbortSignal): AsyncGenerator<WebLlmChunk> {
  try {
    if (opened.first.done) return;
    yield opened.first.value;
    for (;;) {
      if (signal?.aborted) return;
      const next = await opened.iterator.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await opened.iterator.return?.();
  }
}

/** Whether an engine error is XGrammar refusing the response format (the request can be loosened). */
export function isGrammarError(error: unknown): boolean {
  return /GrammarMatcherInitError|InvalidResponseFormat/.test((error as Error | undefined)?.name ?? '');
}
