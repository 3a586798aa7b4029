import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '$lib/core';
import { createCancelRegistry } from './cancel-registry';
import { FakeWorker } from './testing/fake-worker';
import { createWorkerClient, type WorkerClient, type WorkerClientOptions } from './worker-client';
import { exposeWorkerApi } from './worker-host';

function never(): Promise<never> {
  return new Promise(() => {});
}

/** The API the fake workers expose: enough to exercise each client behaviour. */
function testApi() {
  const cancels = createCancelRegistry();
  const cancelled: string[] = [];
  return {
    cancelled,
    api: {
      ping: () => 'pong',
      add: (a: number, b: number) => a + b,
      fail: () => {
        throw new AppError('not_found', 'No note "x"');
      },
      slow: (): Promise<string> => never(),
      work: (options: { callId: string }): Promise<string> => {
        const signal = cancels.signal(options.callId);
        signal.addEventListener('abort', () => cancelled.push(options.callId));
        return never();
      },
      cancel: (callId: string) => cancels.cancel(callId)
    }
  };
}

type TestApi = ReturnType<typeof testApi>['api'];

const clients: WorkerClient<TestApi>[] = [];

/** A client over fake workers; `workers` lists every worker it created, `setup` decides how each starts. */
function client(
  overrides: Partial<WorkerClientOptions> = {},
  setup: (worker: FakeWorker) => void = (w) => void exposeWorkerApi(() => testApi().api, w.scope)
) {
  const workers: FakeWorker[] = [];
  const created = createWorkerClient<TestApi>({
    name: 'test',
    callTimeoutMs: 200,
    readyTimeoutMs: 200,
    create: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      setup(worker);
      return worker;
    },
    ...overrides
  });
  clients.push(created);
  return { client: created, workers };
}

afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

describe('createWorkerClient', () => {
  it('starts no worker until it is first used', () => {
    const { workers } = client();
    expect(workers).toHaveLength(0);
  });

  it('resolves ready after the worker posts its handshake', async () => {
    const { client: c, workers } = client();
    await c.ready;
    expect(workers).toHaveLength(1);
  });

  it('calls the worker through the api proxy', async () => {
    const { client: c } = client();
    await expect(c.api.add(2, 3)).resolves.toBe(5);
  });

  it('keeps the code of an AppError thrown in the worker', async () => {
    const { client: c } = client();
    const error = await c.api.fail().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'No note "x"' });
  });

  it('rejects ready when the worker never posts its handshake', async () => {
    const { client: c } = client({ readyTimeoutMs: 30 }, () => {});
    await expect(c.ready).rejects.toMatchObject({
      code: 'timeout',
      message: 'The test worker did not start within 30 ms'
    });
  });

  it('rejects ready with the reason the worker gives for failing to start', async () => {
    const { client: c } = client(
      {},
      (w) => void exposeWorkerApi(() => Promise.reject(new Error('IndexedDB is unavailable')), w.scope)
    );
    await expect(c.api.ping()).rejects.toMatchObject({
      code: 'internal',
      message: 'The test worker failed to start: IndexedDB is unavailable'
    });
  });

  it('starts a fresh worker on the next call after a failed start', async () => {
    let attempt = 0;
    const { client: c, workers } = client({}, (w) => {
      attempt += 1;
      if (attempt > 1) void exposeWorkerApi(() => testApi().api, w.scope);
      else setTimeout(() => w.crash('SyntaxError in module'), 0);
    });
    await expect(c.api.ping()).rejects.toMatchObject({
      message: 'The test worker failed to start: SyntaxError in module'
    });
    await expect(c.api.ping()).resolves.toBe('pong');
    expect(workers[0].terminated).toBe(true);
  });

  it('rejects a call that outlives its deadline, naming the method', async () => {
    const { client: c } = client({ callTimeoutMs: 30 });
    await expect(c.api.slow()).rejects.toMatchObject({
      code: 'timeout',
      message: 'test.slow did not answer within 30 ms'
    });
  });

  it('fails pending calls with a clear message when the worker crashes', async () => {
    const { client: c, workers } = client();
    await c.ready;
    const call = c.api.slow();
    workers[0].crash('boom');
    await expect(call).rejects.toMatchObject({
      code: 'internal',
      message: 'The test worker stopped unexpectedly; it has been restarted. Please try again.'
    });
  });

  it('starts a new worker after a crash and answers on it', async () => {
    const { client: c, workers } = client();
    await c.ready;
    const restarts: Error[] = [];
    c.onRestart((reason) => restarts.push(reason));
    workers[0].crash('boom');
    await expect(c.api.ping()).resolves.toBe('pong');
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    expect(restarts[0].message).toBe('The test worker crashed: boom');
  });

  it('restarts a worker that stops answering its heartbeat', async () => {
    const { client: c, workers } = client({ heartbeat: { method: 'ping', intervalMs: 10, timeoutMs: 30 } });
    await c.ready;
    const restarted = new Promise<Error>((resolve) => c.onRestart(resolve));
    const call = c.api.slow();
    workers[0].hang();
    await expect(restarted).resolves.toMatchObject({
      message: 'The test worker did not answer its heartbeat within 30 ms'
    });
    await expect(call).rejects.toMatchObject({ code: 'internal' });
    await expect(c.api.ping()).resolves.toBe('pong');
  });

  it('rejects a call at once when its signal aborts', async () => {
    const { client: c } = client({ callTimeoutMs: 5_000 });
    const controller = new AbortController();
    const call = c.call('slow', [], { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted', message: 'test.slow was cancelled' });
  });

  it('sends cancel(callId) to the worker when a call is aborted', async () => {
    const api = testApi();
    const { client: c } = client(
      { callTimeoutMs: 5_000 },
      (w) => void exposeWorkerApi(() => api.api, w.scope)
    );
    await c.ready;
    const controller = new AbortController();
    const call = c.call('work', [{ callId: 'call-1' }], { signal: controller.signal, callId: 'call-1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    await expect.poll(() => api.cancelled).toEqual(['call-1']);
  });

  it('restart() fails pending calls and starts a new worker', async () => {
    const { client: c, workers } = client();
    await c.ready;
    const call = expect(c.api.slow()).rejects.toMatchObject({
      message: 'The test worker was restarted; please try again.'
    });
    await c.restart();
    await call;
    expect(workers).toHaveLength(2);
  });

  it('rejects pending and later calls after terminate()', async () => {
    const { client: c, workers } = client();
    await c.ready;
    const call = c.api.slow();
    c.terminate();
    await expect(call).rejects.toMatchObject({ code: 'aborted', message: 'The test worker was shut down' });
    await expect(c.api.ping()).rejects.toMatchObject({ code: 'aborted' });
    expect(workers[0].terminated).toBe(true);
  });
});
