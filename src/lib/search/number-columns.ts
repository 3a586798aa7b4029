/**
 * The doc table's number columns as a snapshot stores them: only the columns that hold something
 * of their own. A column of zeros (latitude, longitude and altitude in most vaults) is stored as
 * nothing, and one equal to an earlier column (updated_time beside the user's updated time, which
 * it is unless the user set one) as that column's number: at 50,000 notes, 1.6 of the 3.2 MB of
 * numbers, which the structured clone of every start copied. Restored columns are views of the
 * stored array (a repeated column the same view: a table appends by copying into a longer array,
 * never in place, since a restored column is exactly as long as the table), zeros one fresh array.
 */

/** A column stored in `numbers`; or of zeros; or (≥ 0) equal to that earlier column. */
const STORED = -1;
const ZEROS = -2;

/** Number columns as stored. */
export interface NumberColumnsSnapshot {
  /** The stored columns one after another (column `k` of them at `k * count`). */
  numbers: Float64Array;
  /** Per column, STORED, ZEROS or the earlier column it equals. */
  numberKinds: Int8Array;
}

const sameValues = (a: Float64Array, b: Float64Array): boolean => {
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

/** The columns (each `count` long) as stored. */
export function packNumberColumns(columns: Float64Array[], count: number): NumberColumnsSnapshot {
  const kinds = new Int8Array(columns.length);
  const zeros = new Float64Array(count);
  const stored: Float64Array[] = [];
  columns.forEach((column, f) => {
    let kind = sameValues(column, zeros) ? ZEROS : STORED;
    for (let e = 0; e < f && kind === STORED; e++)
      if (kinds[e] !== ZEROS && sameValues(column, columns[e])) kind = e;
    kinds[f] = kind;
    if (kind === STORED) stored.push(column);
  });
  const numbers = new Float64Array(stored.length * count);
  stored.forEach((column, k) => numbers.set(column, k * count));
  return { numbers, numberKinds: kinds };
}

/** Whether the snapshot's number columns hold `columns` columns of `count` entries. */
export function isNumberColumns(s: NumberColumnsSnapshot, columns: number, count: number): boolean {
  const kinds = s.numberKinds;
  if (!(kinds instanceof Int8Array) || kinds.length !== columns || !(s.numbers instanceof Float64Array))
    return false;
  let stored = 0;
  for (let f = 0; f < columns; f++) {
    if (kinds[f] === STORED) stored++;
    else if (kinds[f] !== ZEROS && !(kinds[f] >= 0 && kinds[f] < f && kinds[kinds[f]] === STORED))
      return false;
  }
  return s.numbers.length === stored * count;
}

/** The columns of a snapshot (checked with `isNumberColumns`), `count` entries each. */
export function unpackNumberColumns(s: NumberColumnsSnapshot, count: number): Float64Array[] {
  const columns: Float64Array[] = [];
  let zeros: Float64Array | undefined;
  let k = 0;
  s.numberKinds.forEach((kind, f) => {
    if (kind === STORED) columns[f] = s.numbers.subarray(k * count, ++k * count);
    else columns[f] = kind === ZEROS ? (zeros ??= new Float64Array(count)) : columns[kind];
  });
  return columns;
}
