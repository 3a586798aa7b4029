/**
 * Sizing an untrusted payload as it will really be sent: as JSON, the form that reaches the model,
 * the transcript and IndexedDB. A structured clone keeps shared references, so a plugin can send a
 * 300-byte message in which one object is referenced a thousand times at each of several levels;
 * JSON writes every reference out in full (15 MB from that message). So the size is counted per
 * reference, exactly as JSON.stringify expands it, and the count stops as soon as it passes the
 * limit: a huge payload costs at most about `limit` work, never the whole expansion.
 */
import { AppError } from '$lib/core';

/** The largest tool output a plugin may return, in characters of JSON (about 1 MB). */
export const MAX_PLUGIN_OUTPUT_CHARS = 1_000_000;

/** Why a payload cannot be sent as JSON. */
export type JsonProblem = 'too_large' | 'cyclic' | 'too_deep';

/** The outcome of measuring: the exact JSON length when it fits, or why it does not. */
export type JsonMeasure = { ok: true; chars: number } | { ok: false; problem: JsonProblem; chars: number };

/** How deeply a payload may nest (JSON.stringify would overflow the stack somewhere past 5,000). */
export const MAX_JSON_DEPTH = 100;

/** A thrown marker: stops JSON.stringify as soon as the count passes the limit. */
class Stop {
  constructor(readonly problem: JsonProblem) {}
}

/**
 * Measures `value` as `JSON.stringify(value)` would write it, stopping early past `limit`
 * characters, at a cycle, or past MAX_JSON_DEPTH levels. It runs JSON.stringify itself with a
 * replacer that counts and drops everything (so nothing big is built): the expansion, `toJSON`
 * and what JSON leaves out (functions, undefined, symbols) are JSON's own.
 */
export function measureJson(value: unknown, limit: number): JsonMeasure {
  let chars = 0;
  // The replacer sees each value once per reference; `this` is its holder. Depth is tracked by
  // the holders seen on the way down (a holder is entered before any of its children).
  const path: object[] = [];
  const replacer = function (this: unknown, key: string, raw: unknown): unknown {
    const holder = this as object;
    while (path.length > 0 && path[path.length - 1] !== holder) path.pop();
    const inArray = Array.isArray(holder);
    const isRoot = path.length === 0 && key === '' && !inArray;
    const item = raw;
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
      if (inArray) chars += 5; // written as null, plus a comma
      return undefined;
    }
    if (!isRoot) chars += inArray ? 1 : JSON.stringify(key).length + 2; // "key": and a comma
    if (item === null || typeof item === 'boolean' || typeof item === 'number') chars += String(item).length;
    else if (typeof item === 'bigint') throw new TypeError('a BigInt cannot be written as JSON');
    else if (typeof item === 'string')
      chars += item.length > limit ? item.length : JSON.stringify(item).length;
    else {
      if (path.includes(item)) throw new Stop('cyclic');
      chars += 2;
      path.push(item);
      if (path.length > MAX_JSON_DEPTH) throw new Stop('too_deep');
    }
    if (chars > limit) throw new Stop('too_large');
    return typeof item === 'object' ? item : null;
  };
  try {
    JSON.stringify(value, replacer);
  } catch (error) {
    if (error instanceof Stop) return { ok: false, problem: error.problem, chars };
    // A cycle through toJSON, or a getter that throws: JSON.stringify's own refusal.
    if (error instanceof TypeError && /circular/i.test(error.message))
      return { ok: false, problem: 'cyclic', chars };
    throw error;
  }
  return { ok: true, chars: Math.max(0, chars - 1) };
}

/**
 * Checks that `value` can be sent as JSON within `limit` characters; throws AppError
 * 'invalid_argument' saying what is wrong, with `what` as the subject ("the output of tool x").
 */
export function assertJsonWithin(value: unknown, limit: number, what: string): number {
  const measure = measureJson(value, limit);
  if (measure.ok) return measure.chars;
  switch (measure.problem) {
    case 'cyclic':
      throw new AppError(
        'invalid_argument',
        `${what} refers to itself (a cycle), so it cannot be sent as JSON.`
      );
    case 'too_deep':
      throw new AppError('invalid_argument', `${what} is nested more than ${MAX_JSON_DEPTH} levels deep.`);
    default:
      throw new AppError(
        'invalid_argument',
        `${what} is larger than ${formatSize(limit)} once written out as JSON.`
      );
  }
}

/** The size in words a person reads: "52 MB", "900 kB". */
export function formatSize(chars: number): string {
  if (chars >= 1_000_000) return `${Math.round(chars / 100_000) / 10} MB`;
  return `${Math.max(1, Math.round(chars / 1000))} kB`;
}
