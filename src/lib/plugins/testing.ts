/**
 * Test helper: the real sandbox runtime (static/plugin-runtime.js) run in Node, behind a fake
 * window whose parent is the test, connected to the host over a real MessageChannel. It exercises
 * the host, the wire protocol and the runtime together; the browser's sandbox itself is covered by
 * the e2e tests in Chromium.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messagePortTransport } from '$lib/rpc';
import type { FrameConnection } from './frame-connection';
import type { PluginHost } from './plugin-host';

const RUNTIME = readFileSync(fileURLToPath(new URL('../../../static/plugin-runtime.js', import.meta.url)), 'utf8');

type Listener = (event: { source: unknown; data: unknown; ports: MessagePort[] }) => void;

/** Opens a "frame": runs a fresh copy of the runtime and completes its handshake. */
export function openNodeFrame(): Promise<FrameConnection & { frameGlobal: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const listeners: Listener[] = [];
    const frameGlobal: Record<string, unknown> = {};
    const parent = {
      postMessage(data: unknown) {
        if ((data as { folioPlugin?: string })?.folioPlugin !== 'hello') return;
        const channel = new MessageChannel();
        const transport = messagePortTransport(channel.port1);
        queueMicrotask(() => listeners.forEach((l) => l({ source: parent, data: { folioPlugin: 'connect' }, ports: [channel.port2] })));
        resolve({ transport, frameGlobal, dispose: () => transport.close() });
      }
    };
    const fakeWindow = {
      parent,
      addEventListener(type: string, listener: Listener) {
        if (type === 'message') listeners.push(listener);
      }
    };
    new Function('window', 'globalThis', RUNTIME)(fakeWindow, frameGlobal);
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
