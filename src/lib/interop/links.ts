/**
 * Finding and rewriting link targets in Markdown: `[text](target)`, `![alt](target "title")`,
 * `[text](<target with spaces>)` and `<img src="target">`. Used to turn relative links between
 * imported files into `:/id` links, to give items new ids consistently, and the reverse on export.
 */

const MD_LINK = /(!?\[(?:[^\]\\]|\\.)*\]\()(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\))/g;
const HTML_SRC = /(<(?:img|a|video|audio|source)\b[^>]*?\s(?:src|href)=")([^"]*)(")/gi;
const ITEM_REF = /:\/([0-9a-f]{32})/g;

/**
 * Calls `rewrite` with each link target (angle brackets removed) and puts back what it returns
 * (undefined keeps the link as it was).
 */
export function rewriteLinkTargets(markdown: string, rewrite: (target: string) => string | undefined): string {
  const md = markdown.replace(MD_LINK, (all, open: string, target: string, close: string) => {
    const plain = target.startsWith('<') ? target.slice(1, -1) : target;
    const next = rewrite(plain);
    if (next === undefined || next === plain) return all;
    return open + (/\s/.test(next) ? `<${next}>` : next) + close;
  });
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
