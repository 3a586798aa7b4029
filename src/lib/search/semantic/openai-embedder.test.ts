import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '$lib/core';
import { HashedNgramEmbedder } from './hashed-ngram-embedder';
import { OpenAICompatibleEmbedder } from './openai-embedder';

/**
 * A tiny `/v1/embeddings` server answering with vectors of the local hashed embedder, so the client
 * is tested against a real HTTP exchange and real (if lexical) vectors. Answers in reverse order to
 * check the client sorts by `index`.
 */
const local = new HashedNgramEmbedder({ dimensions: 32 });
const requests: { auth?: string; body: { model: string; input: string[] } }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    if (req.url !== '/v1/embeddings' || req.method !== 'POST') return res.writeHead(404).end('no such route');
    const body = JSON.parse(raw);
    requests.push({ auth: req.headers.authorization, body });
    if (body.model === 'missing-model')
      return res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":{"message":"model not found"}}');
    if (body.model === 'slow') return setTimeout(() => res.end('{}'), 500);
    const vectors = await local.embed(body.input);
    const data = vectors
      .map((v, index) => ({ object: 'embedding', index, embedding: Array.from(v) }))
      .reverse();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', model: body.model, data }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('OpenAICompatibleEmbedder', () => {
  it('posts the model and the inputs and returns the vectors in input order', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl, model: 'nomic-embed-text', apiKey: 'sk-test' });
    const texts = ['first text about gardens', 'second text about taxes'];
    const got = await embedder.embed(texts);
    expect(got.map((v) => Array.from(v))).toEqual((await local.embed(texts)).map((v) => Array.from(v)));
    expect(requests.at(-1)).toEqual({
      auth: 'Bearer sk-test',
      body: { model: 'nomic-embed-text', input: texts }
    });
  });

  it('learns the dimensions from the first answer', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl, model: 'm' });
    expect(embedder.dimensions).toBe(0);
    await embedder.embed(['x']);
    expect(embedder.dimensions).toBe(32);
  });

  it('splits the inputs into batches of batchSize requests', async () => {
    const before = requests.length;
    await new OpenAICompatibleEmbedder({ baseUrl, model: 'm', batchSize: 2 }).embed([
      'a1',
      'b2',
      'c3',
      'd4',
      'e5'
    ]);
    expect(requests.slice(before).map((r) => r.body.input.length)).toEqual([2, 2, 1]);
  });

  it('names the model in its id', () => {
    expect(new OpenAICompatibleEmbedder({ baseUrl, model: 'bge-small' }).id).toBe(
      'openai-compatible:bge-small'
    );
  });

  it('reports an error status with the server message', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl, model: 'missing-model' });
    await expect(embedder.embed(['x'])).rejects.toThrow(
      /answered 404 for model "missing-model".*model not found/
    );
  });

  it('rejects vectors whose size differs from the configured one', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl, model: 'm', dimensions: 768 });
    await expect(embedder.embed(['x'])).rejects.toThrow(/32 dimensions, expected 768/);
  });

  it('times out with a clear error', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl, model: 'slow', timeoutMs: 100 });
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'timeout' });
  });

  it('says when the endpoint cannot be reached', async () => {
    const embedder = new OpenAICompatibleEmbedder({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' });
    const error = await embedder.embed(['x']).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toMatch(
      /Could not reach the embeddings endpoint http:\/\/127\.0\.0\.1:1\/v1\/embeddings/
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = new OpenAICompatibleEmbedder({ baseUrl, model: 'slow' }).embed(['x'], controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
