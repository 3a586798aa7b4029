import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createLinkedTransports } from '$lib/rpc';
import { acceptEmbedders } from './in-page';
import { connectToFolio } from './in-page-client';
import { mcpBench } from './mcp-test-kit';
import { createMcpSessionHost } from './session-host';

const FOLIO = 'https://folio.test';
const EMBEDDER = 'https://embedder.test';

/** Two fake windows that post to each other with the right `source` and `origin`. */
function windows() {
  const make = () =>
    Object.assign(new EventTarget(), {
      parent: null as unknown,
      opener: null as unknown,
      postMessage: (() => {}) as (data: unknown, origin: string, ports?: MessagePort[]) => void
    });
  const folio = make();
  const embedder = make();
  const stranger = make();
  folio.parent = embedder;
  const deliver =
    (to: EventTarget, from: unknown, origin: string) =>
    (data: unknown, targetOrigin: string, ports: MessagePort[] = []) => {
      const event = Object.assign(new Event('message'), { data, origin, source: from, ports });
      queueMicrotask(() => to.dispatchEvent(event));
      void targetOrigin;
    };
  folio.postMessage = deliver(folio, embedder, EMBEDDER); // what the embedder sends arrives at Folio
  embedder.postMessage = deliver(embedder, folio, FOLIO);
  return { folio, embedder, stranger, deliver };
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

async function serve(allowed: string[]) {
  const bench = await mcpBench();
  const host = createMcpSessionHost(() => bench.factory);
  const w = windows();
  const connectHost = () => {
    const [page, worker] = createLinkedTransports();
    host.attach(worker);
    return page;
  };
  stops.push(
    acceptEmbedders({ allowedOrigins: () => allowed, connectHost, win: w.folio as unknown as Window })
  );
  return { ...w, host };
}

describe('in-page MCP transport', () => {
  it('lets an allowed embedder use the tools with the SDK client', async () => {
    const { folio, embedder } = await serve([EMBEDDER]);
    const transport = await connectToFolio(
      folio as unknown as Window,
      FOLIO,
      embedder as unknown as Window,
      1000
    );
    const client = new Client({ name: 'embedder', version: '1' });
    await client.connect(transport as Transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('read_note');
    await client.close();
  });

  it('refuses an embedder whose origin the user did not allow', async () => {
    const { folio, embedder } = await serve(['https://other.test']);
    await expect(
      connectToFolio(folio as unknown as Window, FOLIO, embedder as unknown as Window, 1000)
    ).rejects.toThrow(/does not allow MCP clients from https:\/\/embedder.test/);
  });

  it('ignores a window that is neither its parent nor its opener', async () => {
    const { folio, stranger, deliver } = await serve([EMBEDDER]);
    folio.postMessage = deliver(folio, stranger, EMBEDDER);
    let answered = false;
    stranger.postMessage = () => void (answered = true);
    folio.postMessage({ folioMcp: 'connect' }, FOLIO);
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
  });

  it('ends the session on the host when the embedder closes', async () => {
    const { folio, embedder, host } = await serve([EMBEDDER]);
    const transport = await connectToFolio(
      folio as unknown as Window,
      FOLIO,
      embedder as unknown as Window,
      1000
    );
    const client = new Client({ name: 'embedder', version: '1' });
    await client.connect(transport as Transport);
    expect(host.size).toBe(1);
    await client.close();
    for (let i = 0; i < 50 && host.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(host.size).toBe(0);
  });
});
