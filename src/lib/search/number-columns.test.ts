import { describe, expect, it } from 'vitest';
import { isNumberColumns, packNumberColumns, unpackNumberColumns } from './number-columns';

const col = (...values: number[]) => Float64Array.from(values);

describe('number columns', () => {
  it('stores only the columns that are neither zeros nor a copy of an earlier one, and restores every value', () => {
    const columns = [col(5, 6, 7), col(1, 2, 3), col(1, 2, 3), col(0, 0, 0), col(0, 9, 0), col(5, 6, 7)];
    const packed = packNumberColumns(columns, 3);
    expect(Array.from(packed.numberKinds)).toEqual([-1, -1, 1, -2, -1, 0]);
    expect(packed.numbers.length).toBe(9);
    expect(isNumberColumns(packed, 6, 3)).toBe(true);
    expect(unpackNumberColumns(packed, 3).map((c) => Array.from(c))).toEqual(
      columns.map((c) => Array.from(c))
    );
  });

  it('keeps -0 and NaN exactly: a column of -0 is not zeros, NaN equals NaN', () => {
    const columns = [col(-0, 0), col(NaN, 1), col(NaN, 1), col(0, -0)];
    const packed = packNumberColumns(columns, 2);
    expect(Array.from(packed.numberKinds)).toEqual([-1, -1, 1, -1]);
    const restored = unpackNumberColumns(packed, 2);
    expect(Object.is(restored[0][0], -0)).toBe(true);
    expect(Object.is(restored[3][1], -0)).toBe(true);
    expect(Number.isNaN(restored[2][0])).toBe(true);
  });

  it('refuses kinds that point forward, at a column not stored, or numbers of the wrong length', () => {
    const packed = packNumberColumns([col(1), col(1), col(2)], 1);
    expect(isNumberColumns(packed, 3, 1)).toBe(true);
    expect(isNumberColumns({ ...packed, numberKinds: Int8Array.from([2, -1, -1]) }, 3, 1)).toBe(false);
    expect(isNumberColumns({ ...packed, numberKinds: Int8Array.from([-1, 0, 1]) }, 3, 1)).toBe(false);
    expect(isNumberColumns({ ...packed, numbers: new Float64Array(3) }, 3, 1)).toBe(false);
    expect(isNumberColumns(packed, 3, 2)).toBe(false);
  });
});
