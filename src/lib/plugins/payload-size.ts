/**
 * Sizing an untrusted payload without serialising it whole: a plugin may answer with 50 MB, and the
 * host must refuse it before it is stringified for the model or stored in a chat.
 */

/** The largest tool output a plugin may return, in characters of JSON (about 1 MB). */
export const MAX_PLUGIN_OUTPUT_CHARS = 1_000_000;

/**
 * An estimate of `value`'s JSON length that stops counting once it passes `limit` (so a huge
 * payload costs at most `limit` work). Returns a number greater than `limit` when it is too large.
 */
export function boundedJsonSize(value: unknown, limit: number): number {
  let size = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean' || item === null || item === undefined) size += 5;
    else if (typeof item === 'object') {
      if (seen.has(item)) continue;
      seen.add(item);
      if (ArrayBuffer.isView(item)) size += item.byteLength * 4;
      else if (item instanceof ArrayBuffer) size += item.byteLength * 4;
      else if (Array.isArray(item)) {
        size += 2 + item.length;
        if (size > limit) return size;
        for (const child of item) stack.push(child);
      } else {
        for (const [key, child] of Object.entries(item)) {
          size += key.length + 4;
          stack.push(child);
        }
      }
    } else size += 5;
    if (size > limit) return size;
  }
  return size;
}

/** The size in words a person reads: "52 MB", "900 kB". */
export function formatSize(chars: number): string {
  if (chars >= 1_000_000) return `${Math.round(chars / 100_000) / 10} MB`;
  return `${Math.max(1, Math.round(chars / 1000))} kB`;
}
