/**
 * Opening a plugin's sandbox frame and the handshake that moves the talk onto a MessagePort.
 *
 * The frame is `<iframe sandbox="allow-scripts">`: an opaque origin, so the plugin cannot read the
 * app's DOM, storage, cookies or IndexedDB, open popups or navigate the top window. Its runtime
 * posts `{folioPlugin: 'hello'}` to the parent; the host answers only a message whose
 * `event.source` is that very frame (origins are all "null" here, so the source is the only proof
 * of who is talking, as in Penpal), and only once, with a fresh MessagePort. After that the window
 * channel is ignored: everything goes over the port, where nobody else can inject messages.
 */
import { AppError } from '$lib/core';
import { messagePortTransport, type Transport } from '$lib/rpc';

/** The sandbox pages, relative to the app's base: one without network, one allowing https. */
export const SANDBOX_PAGE = 'plugin-sandbox.html';
export const SANDBOX_NETWORK_PAGE = 'plugin-sandbox-network.html';

/** How long a frame may take to load and say hello. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** A connected plugin frame. */
export interface FrameConnection {
  transport: Transport;
  /** Removes the frame and closes the port. Idempotent. */
  dispose(): void;
}

/** Options of connectFrame. */
export interface ConnectFrameOptions {
  /** The sandbox page's URL. */
  url: string;
  /** Where the hidden frame goes (document.body by default). */
  container?: HTMLElement;
  /** Names the plugin in the frame's title and in errors. */
  name: string;
  timeoutMs?: number;
}

function isHello(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { folioPlugin?: unknown }).folioPlugin === 'hello';
}

/** Creates the hidden sandboxed frame and resolves once its runtime holds the port. */
export function connectFrame(options: ConnectFrameOptions): Promise<FrameConnection> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.hidden = true;
  frame.title = `Plugin ${options.name}`;
  frame.referrerPolicy = 'no-referrer';
  frame.dataset.folioPlugin = options.name;
  const timeoutMs = options.timeoutMs ?? HANDSHAKE_TIMEOUT_MS;

  return new Promise<FrameConnection>((resolve, reject) => {
    let transport: Transport | undefined;
    const dispose = () => {
      cleanup();
      transport?.close();
      frame.remove();
    };
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== frame.contentWindow || !isHello(event.data)) return;
      cleanup(); // one handshake per frame: a second hello finds nobody listening
      const channel = new MessageChannel();
      transport = messagePortTransport(channel.port1);
      frame.contentWindow.postMessage({ folioPlugin: 'connect' }, '*', [channel.port2]);
      resolve({ transport, dispose });
    };
    const timer = setTimeout(() => {
      dispose();
      reject(new AppError('timeout', `The sandbox of plugin ${options.name} did not start within ${timeoutMs} ms.`));
    }, timeoutMs);
    window.addEventListener('message', onMessage);
    frame.src = options.url;
    (options.container ?? document.body).append(frame);
  });
}
