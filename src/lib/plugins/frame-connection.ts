/**
 * Opening a plugin's sandbox frame and the handshake that moves the talk onto a MessagePort.
 *
 * The frame is `<iframe sandbox="allow-scripts">`: an opaque origin, so the plugin cannot read the
 * app's DOM, storage, cookies or IndexedDB, open popups or navigate the top window. Its runtime
 * posts `{folioPlugin: 'hello'}` to the parent; the host answers only a message whose
 * `event.source` is that very frame (origins are all "null" here, so the source is the only proof
 * of who is talking, as in Penpal), and only once, with a fresh MessagePort. After that the window
 * channel carries only the host's liveness probe (answered by the frame's own script, not by the
 * plugin, whose code runs in a worker of the frame): everything else goes over the port, where
 * nobody else can inject messages.
 */
import { AppError } from '$lib/core';
import { messagePortTransport, type Transport } from '$lib/rpc';

/** The sandbox pages, relative to the app's base: one without network, one allowing https. */
export const SANDBOX_PAGE = 'plugin-sandbox.html';
export const SANDBOX_NETWORK_PAGE = 'plugin-sandbox-network.html';

/** How long a frame may take to load and say hello. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** How long the frame's own script may take to answer a liveness probe. */
export const PROBE_TIMEOUT_MS = 1_500;

/** A connected plugin frame. */
export interface FrameConnection {
  transport: Transport;
  /** Removes the frame and closes the port. Idempotent. */
  dispose(): void;
  /**
   * Whether the frame itself still answers (its own script, apart from the plugin's worker). A
   * plugin that spins leaves its frame alive; a crashed sandbox process takes every frame with it.
   */
  probe(timeoutMs?: number): Promise<boolean>;
  /** Set by the host: called when the frame loads another page after the handshake. */
  onnavigate?: () => void;
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
  return (
    typeof data === 'object' && data !== null && (data as { folioPlugin?: unknown }).folioPlugin === 'hello'
  );
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
    let connection: FrameConnection | undefined;
    let loads = 0;
    const dispose = () => {
      cleanup();
      frame.removeEventListener('load', onLoad);
      transport?.close();
      frame.remove();
    };
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    // The sandbox page loads once. Another load means the frame went somewhere else (a plugin
    // cannot navigate it from its worker, but nothing that happens there may go unnoticed).
    const onLoad = () => {
      if (++loads > 1) connection?.onnavigate?.();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== frame.contentWindow || !isHello(event.data)) return;
      cleanup(); // one handshake per frame: a second hello finds nobody listening
      const channel = new MessageChannel();
      transport = messagePortTransport(channel.port1);
      frame.contentWindow.postMessage({ folioPlugin: 'connect' }, '*', [channel.port2]);
      connection = { transport, dispose, probe: (ms) => probeFrame(frame, ms ?? PROBE_TIMEOUT_MS) };
      resolve(connection);
    };
    const timer = setTimeout(() => {
      dispose();
      reject(
        new AppError('timeout', `The sandbox of plugin ${options.name} did not start within ${timeoutMs} ms.`)
      );
    }, timeoutMs);
    window.addEventListener('message', onMessage);
    frame.addEventListener('load', onLoad);
    frame.src = options.url;
    (options.container ?? document.body).append(frame);
  });
}

let probeCount = 0;

/** Asks the frame's own script whether it is alive; false when it does not answer in time. */
function probeFrame(frame: HTMLIFrameElement, timeoutMs: number): Promise<boolean> {
  const target = frame.contentWindow;
  if (!target || !frame.isConnected) return Promise.resolve(false);
  const nonce = ++probeCount;
  return new Promise((resolve) => {
    const finish = (alive: boolean) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(alive);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { folioPlugin?: unknown; nonce?: unknown } | null;
      if (event.source === target && data?.folioPlugin === 'alive' && data.nonce === nonce) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    window.addEventListener('message', onMessage);
    target.postMessage({ folioPlugin: 'probe', nonce }, '*');
  });
}
