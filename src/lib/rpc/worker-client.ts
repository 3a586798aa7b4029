/**
 * The page's side of a Comlink worker. Comlink gives neither a ready signal nor timeouts, and a
 * Comlink call to a dead worker never settles; this client adds what it lacks:
 * - a ready handshake (worker-host.ts) with a deadline; the worker starts on first use;
 * - a deadline on every call, whose error names the method;
 * - an AbortSignal per call, plus `cancel(callId)` sent to the worker so it can stop the work;
 * - crash detection (worker-instance.ts): pending calls fail with a clear message and a new worker
 *   starts. A worker that fails to *start* is not restarted in a loop: the next call tries again.
 */
import { AppError } from '$lib/core';
import { WorkerInstance, type HeartbeatOptions, type WorkerLike } from './worker-instance';

/** The methods of T, each returning a Promise of its result (Comlink's view of a worker API). */
export type RemoteApi<T> = {
  [K in MethodName<T>]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/** The names of T's methods. */
export type MethodName<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never;
}[keyof T] &
  string;

type Args<T, K extends MethodName<T>> = T[K] extends (...args: infer A) => unknown ? A : never;
type Result<T, K extends MethodName<T>> = T[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/** Options for createWorkerClient. */
export interface WorkerClientOptions {
  /** Creates the worker (again after a crash). */
  create: () => WorkerLike;
  /** Names the worker in messages: `${name}.${method} did not answer within N ms`. */
  name: string;
  /** The default deadline of a call, counted from when it is sent to a ready worker. */
  callTimeoutMs: number;
  /** How long the worker may take to post its ready handshake. */
  readyTimeoutMs: number;
  /** Optional liveness check, to notice a worker that hangs or closes itself. */
  heartbeat?: HeartbeatOptions;
}

/** Options for one call. */
export interface WorkerCallOptions {
  /** Rejects the call at once when aborted (and cancels it in the worker when `callId` is set). */
  signal?: AbortSignal;
  /** Overrides the default deadline for this call. */
  timeoutMs?: number;
  /** The id the call's arguments carry for the worker's CancelRegistry; sent to `cancel()` on abort or timeout. */
  callId?: string;
}

/** A worker behind a ready handshake, deadlines, cancellation and restart on crash. */
export interface WorkerClient<T> {
  /** The worker's methods; each call uses the default deadline. */
  readonly api: RemoteApi<T>;
  /** Resolves when the current worker is ready (starting it if needed). */
  readonly ready: Promise<void>;
  /** Calls one method with per-call options (signal, deadline, callId). */
  call<K extends MethodName<T>>(
    method: K,
    args: Args<T, K>,
    options?: WorkerCallOptions
  ): Promise<Result<T, K>>;
  /** Subscribes to restarts (after a crash, or `restart()`); returns an unsubscribe function. */
  onRestart(listener: (reason: Error) => void): () => void;
  /** Stops the current worker (failing its pending calls) and starts a new one. */
  restart(): Promise<void>;
  /** Stops the worker for good; pending and later calls reject. */
  terminate(): void;
}

interface PendingCall {
  instance: WorkerInstance;
  fail(error: Error): void;
}

/** Creates the client; the worker itself starts on the first call or `ready`. */
export function createWorkerClient<T extends object>(options: WorkerClientOptions): WorkerClient<T> {
  const { name } = options;
  const listeners = new Set<(reason: Error) => void>();
  const pending = new Set<PendingCall>();
  let instance: WorkerInstance | null = null;
  let terminated = false;

  function failCalls(of: WorkerInstance, error: Error) {
    for (const call of [...pending]) if (call.instance === of) call.fail(error);
  }

  function replace(reason: Error, callError: Error): WorkerInstance {
    const old = instance;
    if (old) {
      old.stop();
      failCalls(old, callError);
    }
    instance = start();
    for (const listener of [...listeners]) listener(reason);
    return instance;
  }

  function start(): WorkerInstance {
    const started: WorkerInstance = new WorkerInstance({
      ...options,
      onCrash: (reason) => {
        if (started !== instance) return;
        const message = `The ${name} worker stopped unexpectedly; it has been restarted. Please try again.`;
        replace(reason, new AppError('internal', message, { cause: reason }));
      }
    });
    // Calls waiting on a failed start reject through their own handlers; the next call starts anew.
    started.ready.catch(() => {});
    return started;
  }

  function current(): WorkerInstance {
    if (terminated) throw new AppError('aborted', `The ${name} worker was shut down`);
    if (!instance || instance.state === 'failed') instance = start();
    return instance;
  }

  function call<K extends MethodName<T>>(
    method: K,
    args: Args<T, K>,
    callOptions: WorkerCallOptions = {}
  ): Promise<Result<T, K>> {
    const { signal, callId } = callOptions;
    const timeoutMs = callOptions.timeoutMs ?? options.callTimeoutMs;
    if (signal?.aborted) return Promise.reject(new AppError('aborted', `${name}.${method} was cancelled`));
    let target: WorkerInstance;
    try {
      target = current();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<Result<T, K>>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const entry: PendingCall = { instance: target, fail: (error) => settle(() => reject(error)) };
      const settle = (finish: () => void) => {
        if (!pending.delete(entry)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        finish();
      };
      const giveUp = (error: AppError) => {
        entry.fail(error);
        // Comlink cannot cancel remotely: tell the worker which call to stop. Its answer is moot.
        if (callId !== undefined && target.state === 'ready') target.remote.cancel(callId).catch(() => {});
      };
      const onAbort = () => giveUp(new AppError('aborted', `${name}.${method} was cancelled`));
      pending.add(entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      target.ready.then(() => {
        if (!pending.has(entry)) return;
        timer = setTimeout(
          () => giveUp(new AppError('timeout', `${name}.${method} did not answer within ${timeoutMs} ms`)),
          timeoutMs
        );
        target.remote[method](...(args as unknown[])).then(
          (value) => settle(() => resolve(value as Result<T, K>)),
          (error: Error) => entry.fail(error)
        );
      }, entry.fail);
    });
  }

  const api = new Proxy({} as RemoteApi<T>, {
    get(_target, property) {
      // `then` must stay undefined, or awaiting the api object would call the worker.
      if (typeof property !== 'string' || property === 'then') return undefined;
      return (...args: unknown[]) => call(property as MethodName<T>, args as Args<T, MethodName<T>>);
    }
  });

  return {
    api,
    get ready() {
      try {
        return current().ready;
      } catch (error) {
        return Promise.reject(error);
      }
    },
    call,
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart() {
      if (terminated) return Promise.reject(new AppError('aborted', `The ${name} worker was shut down`));
      const reason = new AppError('aborted', `The ${name} worker was restarted; please try again.`);
      return replace(reason, reason).ready;
    },
    terminate() {
      if (terminated) return;
      terminated = true;
      if (instance) {
        instance.stop();
        failCalls(instance, new AppError('aborted', `The ${name} worker was shut down`));
      }
      instance = null;
    }
  };
}
