/**
 * The one transport shape every RPC in Folio speaks: `send` a message, receive through `onmessage`,
 * `close` once. It knows nothing about requests or methods (rpc-peer.ts adds those), so the same
 * peer runs over a plugin iframe's MessagePort, an in-memory pair in tests, or a WebSocket later,
 * the way the MCP SDK keeps its protocol apart from its transports.
 */

/** A bidirectional message channel. Set `onmessage`/`onclose` before the first message arrives. */
export interface Transport {
  /** Sends one structured-cloneable message to the other end. Throws after `close()`. */
  send(message: unknown, transfer?: Transferable[]): void;
  /** Called with each message from the other end. */
  onmessage?: (message: unknown) => void;
  /** Called once when the transport closes, from either side. */
  onclose?: () => void;
  /** Closes the transport; later `send` calls throw, and `onclose` fires once. */
  close(): void;
}

/** The control message a port transport sends so the other end learns it closed. */
const CLOSE_MESSAGE = { folioTransport: 'close' } as const;

function isCloseMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { folioTransport?: unknown }).folioTransport === 'close'
  );
}

/**
 * A Transport over a MessagePort (a plugin iframe's channel, or one end of a MessageChannel).
 * MessagePorts have no close event, so closing sends a last control message that closes the far end too.
 */
export function messagePortTransport(port: MessagePort): Transport {
  let closed = false;
  const transport: Transport = {
    send(message, transfer = []) {
      if (closed) throw new TypeError('Cannot send on a closed transport');
      port.postMessage(message, transfer);
    },
    close() {
      if (closed) return;
      closed = true;
      // The far end may already be gone; a failed goodbye changes nothing for this end.
      try {
        port.postMessage(CLOSE_MESSAGE);
      } catch {
        /* far end already closed */
      }
      finish();
    }
  };
  const onMessage = (event: MessageEvent) => {
    if (closed) return;
    if (isCloseMessage(event.data)) {
      closed = true;
      finish();
      return;
    }
    transport.onmessage?.(event.data);
  };
  function finish() {
    port.removeEventListener('message', onMessage as EventListener);
    port.close();
    transport.onclose?.();
  }
  port.addEventListener('message', onMessage as EventListener);
  port.start();
  return transport;
}

/** Two Transports wired to each other over a fresh MessageChannel: for tests and in-page peers. */
export function createLinkedTransports(): [Transport, Transport] {
  const { port1, port2 } = new MessageChannel();
  return [messagePortTransport(port1), messagePortTransport(port2)];
}
