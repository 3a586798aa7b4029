/**
 * SQL LIKE matching, as SQLite does it for Joplin's `tag:`, `notebook:`, `resource:`,
 * `sourceurl:` and `id:` filters: the whole value must match; `%` (and our `*`) match any run,
 * `_` any one character; ASCII letters compare case-insensitively, other letters exactly.
 */

const ASCII_RE = /^[\x00-\x7f]*$/;
/**
 * Lowers ASCII letters only. For ASCII text that is what toLowerCase does, natively: every
 * notebook and tag title is lowered once per filter, and the replace with a callback was most of
 * resolving `notebook:` at 10,000 notes.
 */
const asciiLower = (s: string): string =>
  ASCII_RE.test(s) ? s.toLowerCase() : s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Compiles a LIKE pattern into a predicate over strings. */
export function likeMatcher(pattern: string): (value: string) => boolean {
  const source = asciiLower(pattern)
    .split(/([*%_])/)
    .map((part) =>
      part === '*' || part === '%' ? '[\\s\\S]*' : part === '_' ? '[\\s\\S]' : escapeRegExp(part)
    )
    .join('');
  const re = new RegExp(`^${source}$`, 'u');
  return (value) => re.test(asciiLower(value));
}
