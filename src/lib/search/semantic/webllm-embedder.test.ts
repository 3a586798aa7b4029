import { describe, expect, it } from 'vitest';
import { HashedNgramEmbedder } from './hashed-ngram-embedder';
import { WebLLMEmbedder, type EmbeddingEngine } from './webllm-embedder';

/**
 * The real WebLLM engine needs WebGPU and a model download, neither of which exists here. These
 * tests check the start-up path up to WebGPU detection, and the adapter's handling of WebLLM's
 * `embeddings.create` answers with an engine of the same interface (vectors from the hashed embedder).
 */
function fakeEngine(calls: string[][], maxChars = Infinity): EmbeddingEngine {
  const local = new HashedNgramEmbedder({ dimensions: 16 });
  return {
    embeddings: {
      async create({ input }) {
        calls.push(input);
        if (input.some((text) => text.length > maxChars)) {
          // WebLLM's error for an input over the context window.
          const error = new Error('Embedding input exceeds the context window size');
          error.name = 'EmbeddingExceedContextWindowSizeError';
          throw error;
        }
        const vectors = await local.embed(input);
        return { data: vectors.map((v, index) => ({ index, embedding: Array.from(v) })).reverse() };
      }
    },
    async unload() {}
  };
}

describe('WebLLMEmbedder', () => {
  it('fails with a clear message where there is no WebGPU', async () => {
    const embedder = new WebLLMEmbedder();
    await expect(embedder.embed(['hello'])).rejects.toThrow(
      /need WebGPU.*OpenAI-compatible embeddings endpoint/
    );
  });

  it('knows the dimensions and id of its model', () => {
    expect(new WebLLMEmbedder()).toMatchObject({
      id: 'webllm:snowflake-arctic-embed-m-q0f32-MLC-b4',
      dimensions: 768
    });
    expect(new WebLLMEmbedder({ model: 'snowflake-arctic-embed-s-q0f32-MLC-b32' }).dimensions).toBe(384);
  });

  it('rejects a model WebLLM does not offer for embeddings', () => {
    expect(() => new WebLLMEmbedder({ model: 'Llama-3.2-1B' as never })).toThrow(RangeError);
  });

  it('asks arctic-embed queries with its retrieval instruction', () => {
    expect(new WebLLMEmbedder().queryPrefix).toBe(
      'Represent this sentence for searching relevant passages: '
    );
  });

  it('returns the engine vectors in input order, in calls of at most 16 texts', async () => {
    const calls: string[][] = [];
    const embedder = new WebLLMEmbedder({ createEngine: async () => fakeEngine(calls) });
    const texts = Array.from({ length: 20 }, (_, i) => `text number ${i}`);
    const got = await embedder.embed(texts);
    const expected = await new HashedNgramEmbedder({ dimensions: 16 }).embed(texts);
    expect(got.map((v) => Array.from(v))).toEqual(expected.map((v) => Array.from(v)));
    expect(calls.map((c) => c.length)).toEqual([16, 4]);
  });

  it('cuts a text the engine finds too long until it fits, keeping the others whole', async () => {
    const calls: string[][] = [];
    const embedder = new WebLLMEmbedder({ createEngine: async () => fakeEngine(calls, 100) });
    const long = 'word '.repeat(40); // 200 chars: cut to 150, then 112, then 84
    const got = await embedder.embed(['short one', long]);
    expect(calls.map((c) => c.map((t) => t.length))).toEqual([[9, 200], [9], [200], [150], [112], [84]]);
    expect(Array.from(got[1])).toEqual(
      Array.from((await new HashedNgramEmbedder({ dimensions: 16 }).embed([long.slice(0, 84)]))[0])
    );
  });

  it('starts the engine once and again after a failed start', async () => {
    let starts = 0;
    const embedder = new WebLLMEmbedder({
      createEngine: async () => {
        if (++starts === 1) throw new Error('network down');
        return fakeEngine([]);
      }
    });
    await expect(embedder.embed(['a'])).rejects.toThrow('network down');
    await embedder.embed(['a']);
    await embedder.embed(['b']);
    expect(starts).toBe(2);
  });
});
