/**
 * One run of a worker, from creation to stop: it waits for the ready handshake (with a deadline),
 * watches for a crash ('error' and 'messageerror' events, and an optional heartbeat for a worker that
 * hangs or closes itself, which fires no event at all), and reports a crash once. worker-client.ts
 * decides what to do about it (reject calls, start a new instance).
 */
import * as Comlink from 'comlink';
import { AppError } from '$lib/core';
import { installComlinkErrors } from './comlink-errors';
import { parseHandshake } from './worker-host';

/** What the client needs from a Worker; a real `Worker` has it, and so does the tests' fake. */
export interface WorkerLike extends Comlink.Endpoint {
  terminate(): void;
}

/** Pings the worker every `intervalMs`; no answer within `timeoutMs` counts as a crash. */
export interface HeartbeatOptions {
  /** A method of the worker's API that answers quickly (e.g. `ping`). */
  method: string;
  intervalMs: number;
  timeoutMs: number;
}

/** Options for one worker run. */
export interface WorkerInstanceOptions {
  create: () => WorkerLike;
  name: string;
  readyTimeoutMs: number;
  heartbeat?: HeartbeatOptions;
  /** Called once if the worker dies after it became ready. */
  onCrash: (reason: Error) => void;
}

/** Where a worker run is: starting, ready, failed (never became ready) or stopped. */
export type WorkerState = 'starting' | 'ready' | 'failed' | 'stopped';

type RemoteMethods = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** One run of a worker. */
export class WorkerInstance {
  /** The Comlink proxy for the worker's API: use only after `ready`. */
  readonly remote: RemoteMethods;
  /** Resolves on the ready handshake; rejects when the worker fails to start. */
  readonly ready: Promise<void>;
  #state: WorkerState = 'starting';
  #worker: WorkerLike;
  #options: WorkerInstanceOptions;
  #readyDeadline?: ReturnType<typeof setTimeout>;
  #heartbeatNext?: ReturnType<typeof setTimeout>;
  #heartbeatMissed?: ReturnType<typeof setTimeout>;
  #fail: (error: Error) => void = () => {};

  constructor(options: WorkerInstanceOptions) {
    installComlinkErrors();
    this.#options = options;
    this.#worker = options.create();
    this.remote = Comlink.wrap(this.#worker) as unknown as RemoteMethods;
    this.ready = new Promise<void>((resolve, reject) => {
      this.#fail = reject;
      this.#worker.addEventListener('message', this.#onMessage);
      this.#worker.addEventListener('error', this.#onError);
      this.#worker.addEventListener('messageerror', this.#onError);
      this.#readyDeadline = setTimeout(
        () =>
          this.#startFailed(
            new AppError(
              'timeout',
              `The ${options.name} worker did not start within ${options.readyTimeoutMs} ms`
            )
          ),
        options.readyTimeoutMs
      );
      this.#becomeReady = () => {
        this.#clearTimers();
        this.#state = 'ready';
        resolve();
        this.#startHeartbeat();
      };
    });
  }

  /** Where this run is. */
  get state(): WorkerState {
    return this.#state;
  }

  /** Terminates the worker and stops watching it. Idempotent. */
  stop(): void {
    if (this.#state === 'stopped' || this.#state === 'failed') return;
    this.#state = 'stopped';
    this.#teardown();
  }

  #becomeReady = () => {};

  #onMessage = (event: Event) => {
    if (this.#state !== 'starting') return;
    const handshake = parseHandshake((event as MessageEvent).data);
    if (handshake?.type === 'folio-ready') this.#becomeReady();
    else if (handshake?.type === 'folio-failed') this.#startFailed(this.#startError(handshake.error.message));
  };

  #onError = (event: Event) => {
    // A module worker that fails to load fires a plain Event; an uncaught exception, an ErrorEvent.
    const detail =
      (event as ErrorEvent).message || (event.type === 'messageerror' ? 'a message could not be read' : '');
    if (this.#state === 'starting') this.#startFailed(this.#startError(detail));
    else if (this.#state === 'ready')
      this.#crash(
        new AppError('internal', `The ${this.#options.name} worker crashed${detail ? `: ${detail}` : ''}`)
      );
  };

  #startError(detail: string): AppError {
    return new AppError(
      'internal',
      `The ${this.#options.name} worker failed to start${detail ? `: ${detail}` : ''}`
    );
  }

  #startFailed(error: Error) {
    if (this.#state !== 'starting') return;
    this.#state = 'failed';
    this.#teardown();
    this.#fail(error);
  }

  #crash(reason: Error) {
    if (this.#state !== 'ready') return;
    this.stop();
    this.#options.onCrash(reason);
  }

  #startHeartbeat() {
    const heartbeat = this.#options.heartbeat;
    if (!heartbeat) return;
    const beat = () => {
      this.#heartbeatMissed = setTimeout(
        () =>
          this.#crash(
            new AppError(
              'timeout',
              `The ${this.#options.name} worker did not answer its heartbeat within ${heartbeat.timeoutMs} ms`
            )
          ),
        heartbeat.timeoutMs
      );
      // Any answer, even an error, shows the worker is alive.
      const alive = () => {
        clearTimeout(this.#heartbeatMissed);
        if (this.#state === 'ready') this.#heartbeatNext = setTimeout(beat, heartbeat.intervalMs);
      };
      this.remote[heartbeat.method]().then(alive, alive);
    };
    this.#heartbeatNext = setTimeout(beat, heartbeat.intervalMs);
  }

  #clearTimers() {
    clearTimeout(this.#readyDeadline);
    clearTimeout(this.#heartbeatNext);
    clearTimeout(this.#heartbeatMissed);
  }

  #teardown() {
    this.#clearTimers();
    this.#worker.removeEventListener('message', this.#onMessage);
    this.#worker.removeEventListener('error', this.#onError);
    this.#worker.removeEventListener('messageerror', this.#onError);
    this.#worker.terminate();
  }
}
