/**
 * A transport wrapper that stops a plugin flooding the host: a token bucket of BURST messages,
 * refilled at RATE a second. A plugin that runs out is a bug or an attack either way, and dropping
 * messages silently would leave its calls hanging, so the transport closes and `onFlood` reports it.
 *
 * A bucket rather than a count per calendar second: a count resets at each second's edge, so a
 * flood split across two seconds gets twice the limit, and a long steady stream is never caught.
 */
import type { Transport } from '$lib/rpc';

/** How fast a plugin may send: a burst of up to `burst` messages, `perSecond` on average. */
export interface FloodLimit {
  burst: number;
  perSecond: number;
}

/** The default limit: far above what an honest plugin sends, far below a flood. */
export const PLUGIN_FLOOD_LIMIT: FloodLimit = { burst: 1_000, perSecond: 300 };

/** Wraps `inner`; `onFlood` runs once, just before the transport closes. */
export function floodGuard(
  inner: Transport,
  onFlood: () => void,
  limit: FloodLimit = PLUGIN_FLOOD_LIMIT,
  now = () => performance.now()
): Transport {
  let tokens = limit.burst;
  let last = now();
  let tripped = false;
  const guarded: Transport = {
    send: (message, transfer) => inner.send(message, transfer),
    close: () => inner.close()
  };
  inner.onmessage = (message) => {
    if (tripped) return;
    const t = now();
    tokens = Math.min(limit.burst, tokens + ((t - last) / 1_000) * limit.perSecond);
    last = t;
    if (tokens < 1) {
      tripped = true;
      onFlood();
      inner.close();
      return;
    }
    tokens -= 1;
    guarded.onmessage?.(message);
  };
  inner.onclose = () => guarded.onclose?.();
  return guarded;
}
