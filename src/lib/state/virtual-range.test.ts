import { describe, expect, it } from 'vitest';
import { OVERSCAN_ROWS, scrollToRow, visibleRange } from './virtual-range';

describe('visibleRange', () => {
  it('covers the viewport plus the overscan', () => {
    const range = visibleRange(6000, 600, 60, 10_000);
    expect(range.start).toBeLessThanOrEqual(100 - OVERSCAN_ROWS);
    expect(range.end).toBeGreaterThanOrEqual(110 + OVERSCAN_ROWS);
    expect(range.end - range.start).toBeLessThan(50);
  });

  it('stays the same for a small scroll', () => {
    expect(visibleRange(6000, 600, 60, 10_000)).toEqual(visibleRange(6010, 600, 60, 10_000));
  });

  it('is clamped to the rows there are', () => {
    expect(visibleRange(0, 600, 60, 3)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(0, 600, 60, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('scrollToRow', () => {
  it('scrolls down just enough to show a row below the viewport', () => {
    expect(scrollToRow(20, 0, 600, 60)).toBe(21 * 60 - 600);
  });

  it('scrolls up to a row above the viewport', () => {
    expect(scrollToRow(2, 600, 600, 60)).toBe(120);
  });

  it('leaves the scroll alone when the row is visible', () => {
    expect(scrollToRow(3, 0, 600, 60)).toBe(0);
  });
});
