import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '$lib/core';
import { createLinkedTransports, type Transport } from './transport';
import { createRpcPeer, type RpcHandler, type RpcPeer } from './rpc-peer';

const peers: RpcPeer[] = [];

function pair(methods: Record<string, RpcHandler>, timeoutMs = 200): { client: RpcPeer; server: RpcPeer } {
  const [a, b] = createLinkedTransports();
  const client = createRpcPeer({ transport: a, name: 'plugin', timeoutMs });
  const server = createRpcPeer({ transport: b, name: 'host', methods, timeoutMs });
  peers.push(client, server);
  return { client, server };
}

function never(): Promise<never> {
  return new Promise(() => {});
}

afterEach(() => {
  for (const peer of peers.splice(0)) peer.close();
});

describe('createRpcPeer', () => {
  it('returns the result of the remote method', async () => {
    const { client } = pair({ add: (params) => (params as number[])[0] + (params as number[])[1] });
    await expect(client.call('add', [2, 3])).resolves.toBe(5);
  });

  it('answers concurrent calls by id, whatever order they finish in', async () => {
    const { client } = pair({
      wait: (ms) => new Promise((resolve) => setTimeout(() => resolve(ms), ms as number))
    });
    await expect(Promise.all([client.call('wait', 40), client.call('wait', 5)])).resolves.toEqual([40, 5]);
  });

  it('rebuilds an AppError thrown by the handler with its code', async () => {
    const { client } = pair({
      find: () => {
        throw new AppError('not_found', 'No note "x"');
      }
    });
    const error = await client.call('find').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'No note "x"' });
  });

  it('rejects a method the other end does not offer, including inherited names', async () => {
    const { client } = pair({});
    await expect(client.call('toString')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('rejects with a timeout that names the method', async () => {
    const { client } = pair({ slow: never }, 30);
    await expect(client.call('slow')).rejects.toMatchObject({
      code: 'timeout',
      message: 'plugin.slow did not answer within 30 ms'
    });
  });

  it('lets one call override the default deadline', async () => {
    const { client } = pair({ slow: never }, 5_000);
    await expect(client.call('slow', undefined, { timeoutMs: 20 })).rejects.toMatchObject({
      message: 'plugin.slow did not answer within 20 ms'
    });
  });

  it('rejects promptly when the caller aborts', async () => {
    const { client } = pair({ slow: never }, 5_000);
    const controller = new AbortController();
    const call = client.call('slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted', message: 'plugin.slow was cancelled' });
  });

  it('aborts the remote handler when the caller aborts', async () => {
    let remoteSignal: AbortSignal | undefined;
    const aborted = new Promise<void>((resolve) => {
      const { client } = pair({
        slow: (_params, { signal }) => {
          remoteSignal = signal;
          signal.addEventListener('abort', () => resolve());
          controller.abort();
          return never();
        }
      });
      const controller = new AbortController();
      client.call('slow', undefined, { signal: controller.signal }).catch(() => {});
    });
    await aborted;
    expect(remoteSignal?.aborted).toBe(true);
  });

  it('aborts the remote handler when the call times out', async () => {
    const signals: AbortSignal[] = [];
    const { client } = pair({ slow: (_p, { signal }) => (signals.push(signal), never()) }, 20);
    await client.call('slow').catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals[0].aborted).toBe(true);
  });

  it('rejects every pending call when it closes', async () => {
    const { client } = pair({ slow: never }, 5_000);
    const calls = [client.call('slow'), client.call('slow')];
    client.close();
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'aborted' });
  });

  it('rejects pending calls when the other end closes', async () => {
    const { client, server } = pair({ slow: never }, 5_000);
    const call = client.call('slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.close();
    await expect(call).rejects.toMatchObject({ message: 'plugin closed before slow answered' });
    expect(client.closed).toBe(true);
  });

  it('refuses to call after closing', async () => {
    const { client } = pair({ ping: () => 'pong' });
    client.close();
    await expect(client.call('ping')).rejects.toMatchObject({ code: 'aborted' });
  });

  it('ignores messages that are not well-formed RPC messages', async () => {
    const [a, b] = createLinkedTransports();
    const seen: unknown[] = [];
    const client = createRpcPeer({ transport: a, name: 'plugin', timeoutMs: 200 });
    const rawServer: Transport = b;
    rawServer.onmessage = (message) => {
      seen.push(message);
      const { id } = message as { id: number };
      rawServer.send({ rpc: 'folio/1', kind: 'response', id, error: { name: 42 } }); // malformed error
      rawServer.send({ kind: 'response', id, result: 'forged' }); // no protocol tag
      rawServer.send({ rpc: 'folio/1', kind: 'response', id, result: 'real' });
    };
    peers.push(client);
    await expect(client.call('x')).resolves.toBe('real');
    expect(seen).toHaveLength(1);
    rawServer.close();
  });
});
