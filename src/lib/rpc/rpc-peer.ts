/**
 * Request/response over a Transport, in both directions: each end may serve a method table and call
 * the other's. Requests carry ids; every call has a deadline whose error names the method (as Penpal
 * does); an AbortSignal or a deadline sends a cancel so the far handler can stop; closing rejects
 * every pending call and aborts every handler still running (as the MCP SDK's Protocol does).
 */
import { AppError, deserializeError, serializeError } from '$lib/core';
import type { Transport } from './transport';
import {
  parseRpcMessage,
  RPC_PROTOCOL,
  type RequestMessage,
  type ResponseMessage,
  type RpcMessage
} from './wire';

/** What a handler gets besides its params: a signal that aborts when the caller cancels or the peer closes. */
export interface HandlerContext {
  signal: AbortSignal;
}

/** A method the other end may call. Its return value (or thrown error) is the answer. */
export type RpcHandler = (params: unknown, context: HandlerContext) => unknown;

/** Options for one outgoing call. */
export interface RpcCallOptions {
  /** Rejects the call (and cancels it remotely) when aborted. */
  signal?: AbortSignal;
  /** Overrides the peer's default deadline for this call. */
  timeoutMs?: number;
  /** Objects to transfer with the request (a MessagePort, an ArrayBuffer). */
  transfer?: Transferable[];
}

/** Options for createRpcPeer. */
export interface RpcPeerOptions {
  transport: Transport;
  /** Names this peer in error messages: `${name}.${method} did not answer within N ms`. */
  name: string;
  /** The methods the other end may call. Looked up with Object.hasOwn, so no prototype tricks. */
  methods?: Record<string, RpcHandler>;
  /** The default deadline for outgoing calls. */
  timeoutMs: number;
}

/** One end of an RPC conversation. */
export interface RpcPeer {
  /** Calls `method` on the other end; rejects on error, deadline, abort or close. */
  call<R = unknown>(method: string, params?: unknown, options?: RpcCallOptions): Promise<R>;
  /** Closes the transport, rejects pending calls and aborts running handlers. Idempotent. */
  close(): void;
  /** Whether the peer has closed (from either side). */
  readonly closed: boolean;
}

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Creates an RPC peer on a transport; it takes over `transport.onmessage` and `onclose`. */
export function createRpcPeer(options: RpcPeerOptions): RpcPeer {
  const { transport, name, methods = {} } = options;
  const pending = new Map<number, Pending>();
  const running = new Map<number, { controller: AbortController; method: string }>();
  let nextId = 1;
  let closed = false;

  function send(message: RpcMessage, transfer?: Transferable[]) {
    if (!closed) transport.send(message, transfer);
  }

  async function serve(request: RequestMessage) {
    const controller = new AbortController();
    running.set(request.id, { controller, method: request.method });
    const reply: ResponseMessage = { rpc: RPC_PROTOCOL, kind: 'response', id: request.id };
    try {
      if (!Object.hasOwn(methods, request.method)) {
        throw new AppError('not_found', `${name} has no method "${request.method}"`);
      }
      reply.result = await methods[request.method](request.params, { signal: controller.signal });
    } catch (error) {
      reply.error = serializeError(error);
    } finally {
      running.delete(request.id);
    }
    if (!controller.signal.aborted) send(reply);
  }

  function settle(response: ResponseMessage) {
    const call = pending.get(response.id);
    if (!call) return; // answered after its deadline or abort: the caller has moved on
    pending.delete(response.id);
    if (response.error) call.reject(deserializeError(response.error));
    else call.resolve(response.result);
  }

  transport.onmessage = (data) => {
    const message = parseRpcMessage(data);
    if (!message) return;
    if (message.kind === 'request') void serve(message);
    else if (message.kind === 'response') settle(message);
    else {
      const handler = running.get(message.id);
      handler?.controller.abort(new AppError('aborted', `The caller cancelled ${name}.${handler.method}`));
    }
  };

  function shutDown() {
    if (closed) return;
    closed = true;
    for (const [, call] of pending)
      call.reject(new AppError('aborted', `${name} closed before ${call.method} answered`));
    pending.clear();
    for (const [, handler] of running) handler.controller.abort(new AppError('aborted', `${name} closed`));
    running.clear();
  }
  transport.onclose = shutDown;

  function call<R>(method: string, params?: unknown, callOptions: RpcCallOptions = {}): Promise<R> {
    const { signal, transfer } = callOptions;
    const timeoutMs = callOptions.timeoutMs ?? options.timeoutMs;
    if (closed) return Promise.reject(new AppError('aborted', `${name} is closed; ${method} was not sent`));
    if (signal?.aborted) return Promise.reject(new AppError('aborted', `${name}.${method} was cancelled`));
    const id = nextId++;
    return new Promise<R>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const giveUp = (error: AppError) => {
        if (!pending.delete(id)) return;
        finish();
        send({ rpc: RPC_PROTOCOL, kind: 'cancel', id });
        reject(error);
      };
      const onAbort = () => giveUp(new AppError('aborted', `${name}.${method} was cancelled`));
      const timer = setTimeout(
        () => giveUp(new AppError('timeout', `${name}.${method} did not answer within ${timeoutMs} ms`)),
        timeoutMs
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        method,
        resolve: (value) => (finish(), resolve(value as R)),
        reject: (error) => (finish(), reject(error))
      });
      try {
        send({ rpc: RPC_PROTOCOL, kind: 'request', id, method, params }, transfer);
      } catch (error) {
        pending.delete(id);
        finish();
        reject(error);
      }
    });
  }

  return {
    call,
    close() {
      if (closed) return;
      shutDown();
      transport.close();
    },
    get closed() {
      return closed;
    }
  };
}
