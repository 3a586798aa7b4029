/** Splits text at highlight ranges, for rendering matches in `<mark>` without `{@html}`. */

/** A run of text, marked or not. */
export interface TextSegment {
  text: string;
  mark: boolean;
}

/**
 * The segments of `text` with `ranges` ([start, end) character offsets, as the search index gives
 * them) marked. Ranges may come unsorted or overlapping; out-of-range parts are clipped.
 */
export function highlightSegments(
  text: string,
  ranges: readonly (readonly [number, number])[] = []
): TextSegment[] {
  const sorted = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    const last = segments[segments.length - 1];
    if (from > at) segments.push({ text: text.slice(at, from), mark: false });
    else if (last?.mark) {
      // Overlapping or touching ranges become one mark.
      last.text += text.slice(from, end);
      at = end;
      continue;
    }
    segments.push({ text: text.slice(from, end), mark: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), mark: false });
  return segments;
}
