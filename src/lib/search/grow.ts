/** Growing typed arrays: the index's per-document columns are typed arrays that double as notes are added. */

/** `array`, or a copy at least `size` long (doubling, so appends stay amortised O(1)). */
export function grow<T extends Float64Array | Uint32Array | Int32Array | Uint8Array>(
  array: T,
  size: number
): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}
