/**
 * Test helper: the real plugin runtime (static/plugin-runtime.js, which runs in a worker inside the
 * sandbox frame) run in Node behind a fake worker scope, connected to the host over a real
 * MessageChannel. It exercises the host, the wire protocol and the runtime together; the frame,
 * its worker and the browser's sandbox are covered by the e2e tests in Chromium.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messagePortTransport } from '$lib/rpc';
import type { FrameConnection } from './frame-connection';
import type { PluginHost } from './plugin-host';

const RUNTIME = readFileSync(
  fileURLToPath(new URL('../../../static/plugin-runtime.js', import.meta.url)),
  'utf8'
);

type Listener = (event: { data: unknown; ports: MessagePort[] }) => void;

/** Options of openNodeFrame. */
export interface NodeFrameOptions {
  /** Called when the host disposes of the frame (the app removes the iframe then). */
  onDispose?(): void;
}

/** A Node "frame" with the test's controls. */
export type NodeFrame = FrameConnection & {
  frameGlobal: Record<string, unknown>;
  /** Acts like a crashed sandbox process: the runtime's port goes dead and the frame stops answering probes. */
  crash(): void;
};

/** Opens a "frame": runs a fresh copy of the runtime and completes its handshake. */
export function openNodeFrame(options: NodeFrameOptions = {}): Promise<NodeFrame> {
  return new Promise((resolve) => {
    const listeners: Listener[] = [];
    const scope: Record<string, unknown> = {
      addEventListener(type: string, listener: Listener) {
        if (type === 'message') listeners.push(listener);
      },
      removeEventListener(type: string, listener: Listener) {
        const at = listeners.indexOf(listener);
        if (type === 'message' && at >= 0) listeners.splice(at, 1);
      },
      postMessage(data: unknown) {
        if ((data as { folioPlugin?: string })?.folioPlugin !== 'ready') return;
        const channel = new MessageChannel();
        const transport = messagePortTransport(channel.port1);
        queueMicrotask(() =>
          [...listeners].forEach((l) => l({ data: { folioPlugin: 'connect' }, ports: [channel.port2] }))
        );
        let alive = true;
        resolve({
          transport,
          frameGlobal: scope,
          dispose: () => {
            alive = false;
            transport.close();
            channel.port2.close();
            options.onDispose?.();
          },
          probe: async () => alive,
          crash: () => {
            alive = false;
            // The runtime stops hearing the host; the host's port stays open, as with a dead process.
            channel.port2.onmessage = null;
            channel.port2.close();
          }
        });
      }
    };
    new Function('self', `${RUNTIME}\nfolioPluginRuntime(self);`)(scope);
  });
}

/** A manifest for tests. */
export function testManifest(id: string, permissions: string[] = []) {
  return { id, name: `Plugin ${id}`, version: '1.0.0', description: '', permissions } as never;
}

/** Waits until `host` reports a problem matching `pattern`. */
export function nextProblem(host: PluginHost, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const stop = host.onProblem((p) => {
      if (pattern.test(p.message)) {
        stop();
        resolve(`${p.pluginName}: ${p.message}`);
      }
    });
  });
}
