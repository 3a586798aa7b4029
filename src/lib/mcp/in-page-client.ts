/**
 * The embedder's end of the in-page transport (in-page.ts): an MCP SDK `Transport` over the
 * MessagePort Folio hands out, for a page that embeds Folio in an iframe or opened it in a window.
 * It has no dependency on the SDK: pass it to `new Client(...).connect(transport)`.
 *
 *   const transport = await connectToFolio(iframe.contentWindow, 'https://folio.example');
 *   await client.connect(transport);
 */

/** How long Folio may take to accept (it must be loaded and the origin allowed). */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The SDK Transport shape (start / send / close plus callbacks). */
export interface PortTransport {
  start(): Promise<void>;
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

/** Asks the Folio window `target` (at `folioOrigin`) for an MCP session; resolves with its transport. */
export function connectToFolio(
  target: Window,
  folioOrigin: string,
  win: Window = window,
  timeoutMs = CONNECT_TIMEOUT_MS
): Promise<PortTransport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new Error(`Folio at ${folioOrigin} did not accept the MCP connection within ${timeoutMs} ms`)
          )
        ),
      timeoutMs
    );
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || event.origin !== folioOrigin) return;
      const data = event.data as { folioMcp?: unknown; reason?: unknown } | null;
      if (data?.folioMcp === 'refused')
        finish(() => reject(new Error(String(data.reason ?? 'Folio refused the MCP connection'))));
      else if (data?.folioMcp === 'connected' && event.ports[0])
        finish(() => resolve(portTransport(event.ports[0])));
    };
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      settle();
    };
    win.addEventListener('message', onMessage);
    target.postMessage({ folioMcp: 'connect' }, folioOrigin);
  });
}

function portTransport(port: MessagePort): PortTransport {
  let closed = false;
  const transport: PortTransport = {
    async start() {
      port.start();
    },
    async send(message) {
      if (closed) throw new Error('The Folio MCP transport is closed');
      port.postMessage(message);
    },
    async close() {
      if (closed) return;
      closed = true;
      port.postMessage({ folioMcp: 'close' });
      port.close();
      transport.onclose?.();
    }
  };
  port.onmessage = (event) => {
    if ((event.data as { folioMcp?: unknown } | null)?.folioMcp === 'close') {
      closed = true;
      port.close();
      transport.onclose?.();
      return;
    }
    transport.onmessage?.(event.data);
  };
  return transport;
}
