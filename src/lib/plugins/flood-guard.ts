/**
 * A transport wrapper that stops a plugin flooding the host: more than `maxPerSecond` messages in
 * one second closes the transport and reports it once. A flood is a bug or an attack either way,
 * and dropping messages silently would leave the plugin's calls hanging; stopping it is clean.
 */
import type { Transport } from '$lib/rpc';

/** The most messages a plugin may send in one second before it is stopped. */
export const MAX_PLUGIN_MESSAGES_PER_SECOND = 1_000;

/** Wraps `inner`; `onFlood` runs once, just before the transport closes. */
export function floodGuard(inner: Transport, onFlood: (count: number) => void, maxPerSecond = MAX_PLUGIN_MESSAGES_PER_SECOND, now = () => performance.now()): Transport {
  let windowStart = now();
  let count = 0;
  let tripped = false;
  const guarded: Transport = {
    send: (message, transfer) => inner.send(message, transfer),
    close: () => inner.close()
  };
  inner.onmessage = (message) => {
    if (tripped) return;
    const t = now();
    if (t - windowStart >= 1_000) {
      windowStart = t;
      count = 0;
    }
    if (++count > maxPerSecond) {
      tripped = true;
      onFlood(count);
      inner.close();
      return;
    }
    guarded.onmessage?.(message);
  };
  inner.onclose = () => guarded.onclose?.();
  return guarded;
}
