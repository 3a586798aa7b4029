/**
 * Finding and rewriting link targets in Markdown: `[text](target)`, `![alt](target "title")`,
 * `[text](<target with spaces>)`, reference definitions `[label]: target "title"` and
 * `<img src="target">`. Used to turn relative links between
 * imported files into `:/id` links, to give items new ids consistently, and the reverse on export.
 */

const MD_LINK = /(!?\[(?:[^\]\\]|\\.)*\]\()(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\))/g;
const HTML_SRC = /(<(?:img|a|video|audio|source)\b[^>]*?\s(?:src|href)=")([^"]*)(")/gi;
const ITEM_REF = /:\/([0-9a-f]{32})/g;
/** A reference definition: up to 3 spaces, `[label]:`, the target on the same or the next line. */
const REF_DEF = /^( {0,3}\[(?:[^\]\\\n]|\\.)+\]:[ \t]*(?:\r?\n[ \t]*)?)(<[^>\n]*>|[^\s<][^\s]*)/gm;

/** Where a text's blocks are (markdown-outline.ts), so code is left alone and definitions are found. */
export interface LinkContext {
  inCode(offset: number): boolean;
  outsideBlocks(offset: number): boolean;
}

const ANYWHERE: LinkContext = { inCode: () => false, outsideBlocks: () => true };

/**
 * Calls `rewrite` with each link target (angle brackets removed) and puts back what it returns
 * (undefined keeps the link as it was). With a context, links inside code blocks are left alone and
 * only real reference definitions (outside every block) are rewritten.
 */
export function rewriteLinkTargets(
  markdown: string,
  rewrite: (target: string) => string | undefined,
  context: LinkContext = ANYWHERE
): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const consider = (match: RegExpMatchArray, isDefinition: boolean) => {
    const at = match.index ?? 0;
    if (context.inCode(at) || (isDefinition && !context.outsideBlocks(at))) return;
    const target = match[2];
    const plain = target.startsWith('<') ? target.slice(1, -1) : target;
    const next = rewrite(plain);
    if (next === undefined || next === plain) return;
    const start = at + match[1].length;
    edits.push({ start, end: start + target.length, text: /\s/.test(next) ? `<${next}>` : next });
  };
  for (const match of markdown.matchAll(MD_LINK)) consider(match, false);
  for (const match of markdown.matchAll(REF_DEF)) consider(match, true);
  edits.sort((x, y) => x.start - y.start);
  let md = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    md += markdown.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  md += markdown.slice(at);
  return md.replace(HTML_SRC, (all, open: string, target: string, close: string) => {
    const next = rewrite(target);
    return next === undefined ? all : open + next + close;
  });
}

/** The item ids that `:/id` links in a body point to, each once. */
export function itemRefs(body: string): string[] {
  return [...new Set([...body.matchAll(ITEM_REF)].map((m) => m[1]))];
}

/** Replaces `:/old` with `:/new` for every id in `map` (other ids are left as they are). */
export function remapItemRefs(body: string, map: ReadonlyMap<string, string>): string {
  if (!map.size) return body;
  return body.replace(ITEM_REF, (all, id: string) => {
    const next = map.get(id);
    return next && next !== id ? `:/${next}` : all;
  });
}

/** Whether a link target is a relative file path (not a URL, an anchor, an absolute path or a `:/` link). */
export function isRelativeFileTarget(target: string): boolean {
  if (!target || target.startsWith('#') || target.startsWith('/') || target.startsWith(':/')) return false;
  return !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** Resolves a relative target against the folder of `fromPath`; undefined if it leaves the tree. */
export function resolveRelative(fromPath: string, target: string): string | undefined {
  const parts = fromPath.split('/').slice(0, -1);
  let decoded: string;
  try {
    decoded = decodeURI(target);
  } catch {
    decoded = target;
  }
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** The relative path from the folder of `fromPath` to `toPath`, URI-encoded for a Markdown link. */
export function relativePath(fromPath: string, toPath: string): string {
  const from = fromPath.split('/').slice(0, -1);
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...to.slice(common)].map((p) => (p === '..' ? p : encodeURIComponent(p))).join('/');
}
