/** Telling what a picked file is: a JEX (tar), a zip (RAW or Markdown inside), or Markdown. */

/** What an import file is. */
export type ImportFormat = 'jex' | 'zip' | 'markdown';

const MARKDOWN_EXTENSIONS = /\.(md|markdown|mdown|mkd|txt)$/i;

/** Whether a file name looks like Markdown. */
export function isMarkdownName(name: string): boolean {
  return MARKDOWN_EXTENSIONS.test(name);
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
