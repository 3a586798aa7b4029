/** Telling what a picked file is: a JEX (tar), a zip (RAW or Markdown inside), or Markdown. */

/** What an import file is. */
export type ImportFormat = 'jex' | 'zip' | 'markdown';

const MARKDOWN_EXTENSIONS = /\.(md|markdown|mdown|mkd|txt)$/i;

/** Whether a file name looks like Markdown. */
export function isMarkdownName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.test(name);
}

/**
 * The paths in `paths` that a zip tool added, not the user: macOS's `__MACOSX/` folder, and the
 * AppleDouble twin `._name` of a file `name` beside it (both hold Finder metadata in a binary
 * format). Every other file counts, hidden ones too (`.NET.md` is a note, as Joplin imports it).
 */
export function zipToolMetadata(paths: Iterable<string>): Set<string> {
  const all = new Set(paths);
  const metadata = new Set<string>();
  for (const path of all) {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    const twin = name.startsWith('._') && all.has(path.slice(0, slash + 1) + name.slice(2));
    if (twin || path.split('/').includes('__MACOSX')) metadata.add(path);
  }
  return metadata;
}

/**
 * The format of a file from its first bytes (at least 262 of them for tar), falling back to its
 * name; undefined when it is none of the formats Folio reads.
 */
export function detectFormat(name: string, head: Uint8Array): ImportFormat | undefined {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)
    return 'zip';
  if (head.length >= 262 && String.fromCharCode(...head.subarray(257, 262)) === 'ustar') return 'jex';
  if (isMarkdownName(name)) return 'markdown';
  return undefined;
}

/** Whether an archive path names a RAW item file (`<32 hex>.md`, at the top of the tree). */
export function isRawItemPath(path: string): boolean {
  return /^[0-9a-f]{32}\.md$/.test(path);
}

/** The resource id of a RAW attachment path (`resources/<id>[.ext]`), if it is one. */
export function rawResourceId(path: string): string | undefined {
  const match = /^resources\/([0-9a-f]{32})(\.[^/]*)?$/.exec(path);
  return match?.[1];
}
