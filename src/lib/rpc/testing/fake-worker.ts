/**
 * A stand-in for a dedicated Worker in Node tests: the page side is an EventTarget with
 * postMessage/terminate like `Worker`, the worker side (`scope`) is a real MessagePort, so Comlink
 * and the handshake run unchanged. `crash()` fires the 'error' event a real worker fires on an
 * uncaught exception; `hang()` makes the worker go silent, as one stuck in a loop or closed would.
 */
import type { WorkerLike } from '../worker-instance';

/** A MessagePort-backed fake of a dedicated Worker. */
export class FakeWorker extends EventTarget implements WorkerLike {
  /** The worker's side: pass it to `exposeWorkerApi(build, scope)`. */
  readonly scope: MessagePort;
  terminated = false;
  #page: MessagePort;
  #silent = false;

  constructor() {
    super();
    const { port1, port2 } = new MessageChannel();
    this.#page = port1;
    this.scope = port2;
    port1.addEventListener('message', (event) => {
      if (!this.#silent)
        this.dispatchEvent(new MessageEvent('message', { data: (event as MessageEvent).data }));
    });
    port1.start();
  }

  /** Sends a message to the worker side. */
  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.terminated && !this.#silent) this.#page.postMessage(message, transfer);
  }

  /** Closes both sides, as `Worker.terminate()` ends the worker. */
  terminate(): void {
    this.terminated = true;
    this.#page.close();
    this.scope.close();
  }

  /** Fires the 'error' event of an uncaught exception in the worker. */
  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }

  /** Stops all traffic both ways, like a worker that hangs or closed itself. */
  hang(): void {
    this.#silent = true;
  }
}
