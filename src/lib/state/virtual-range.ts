/**
 * Which rows of a fixed-row-height list to render. The range is widened by an overscan and
 * snapped to steps, so small scrolls keep the same range (and the same database read).
 */

/** Rows rendered beyond each edge of the viewport. */
export const OVERSCAN_ROWS = 8;
/** Range edges snap to multiples of this many rows. */
export const RANGE_STEP_ROWS = 8;

/** A half-open range of row indexes [start, end). */
export interface RowRange {
  start: number;
  end: number;
}

/** The rows to render for a viewport. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number
): RowRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight) - OVERSCAN_ROWS;
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight) + OVERSCAN_ROWS;
  const start = Math.max(0, Math.floor(first / RANGE_STEP_ROWS) * RANGE_STEP_ROWS);
  const end = Math.min(rowCount, Math.ceil(last / RANGE_STEP_ROWS) * RANGE_STEP_ROWS);
  return { start: Math.min(start, end), end };
}

/** The scrollTop that brings row `index` fully into view (unchanged if it already is). */
export function scrollToRow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
