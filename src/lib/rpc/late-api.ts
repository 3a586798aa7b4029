/**
 * An API that answers some methods at once and the rest once they are built. The workspace worker
 * uses it so the search box is answered as soon as the full-text index is ready, not after the
 * agent, the tools, MCP and plugins have loaded too (they are most of the worker's code): Comlink
 * calls methods by name, so every name not in `early` is forwarded to the later API when it
 * exists, and a call made before waits for it (or rejects with the reason it failed to build).
 */

/** `early`'s methods now; every other method name, once `later` resolves. */
export function lateBoundApi(early: Record<string, unknown>, later: Promise<object>): object {
  // A failure to build is reported by the calls that need it, not as an unhandled rejection.
  later.catch(() => undefined);
  return new Proxy(early, {
    get(target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (name in target) return target[name];
      return async (...args: unknown[]) => {
        const api = (await later) as Record<string, unknown>;
        const method = api[name];
        if (typeof method !== 'function') throw new TypeError(`The worker has no method ${name}.`);
        return method.apply(api, args);
      };
    }
  });
}
