/**
 * The tool namespace: which ids a plugin may not take. A plugin tool may not equal a built-in or
 * session tool id, nor look like one: tool ids are ASCII letters, digits, `_`, `-` and `.` (MCP's
 * rule), so a lookalike differs in letter case, in separators or in characters that read alike
 * (0/o, 1/l/I, 5/s, rn/m, vv/w). `toolIdSkeleton` maps all of those to one form (as Unicode's
 * confusable "skeleton" does for text), and two ids with the same skeleton are one name.
 * Plugin names pass NFKC and case folding the same way, so a plugin cannot call itself "Folio".
 */

const LOOKALIKES: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[0]/g, 'o'],
  [/[1i|!]/g, 'l'],
  [/5/g, 's'],
  [/8/g, 'b']
];

/** The form of a tool id under which lookalikes coincide. */
export function toolIdSkeleton(id: string): string {
  let out = id
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
  for (const [pattern, replacement] of LOOKALIKES) out = out.replace(pattern, replacement);
  return out;
}

/** The reserved id `id` is too close to, or undefined when it is free of all of `reserved`. */
export function reservedLookalike(id: string, reserved: Iterable<string>): string | undefined {
  const skeleton = toolIdSkeleton(id);
  for (const name of reserved) if (toolIdSkeleton(name) === skeleton) return name;
  return undefined;
}

/** A plugin name folded for comparison (NFKC, case, spaces). */
export function foldName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
