/**
 * Reading a WebDAV PROPFIND answer (RFC 4918 `multistatus`). Servers name the DAV namespace with
 * any prefix (`d:`, `D:`, `a:`, none), so elements are matched by namespace, not by name; xmldom
 * gives a namespace-aware DOM in workers and Node, where the browser's DOMParser does not exist.
 * Hrefs are absolute URLs or absolute paths, percent-encoded; they are turned into names relative
 * to the listed folder.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { timeSizeFingerprint, type RemoteEntry } from './driver';

const DAV = 'DAV:';

/** One `response` of a multistatus: its path (decoded, no trailing slash) and properties. */
export interface DavResponse {
  path: string;
  isDir: boolean;
  mtime: number;
  etag: string;
  size: number;
  /** Every propstat said 404: nginx answers a missing file this way (Joplin's "nginx hack"). */
  missing: boolean;
}

/**
 * The DAV elements `name` directly inside `parent` (where RFC 4918 puts them). Walking children is
 * much faster than getElementsByTagNameNS, which searches the whole subtree: a listing of 10,000
 * files took seconds more with it.
 */
function children(parent: Element, name: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === DAV && (node as Element).localName === name)
      out.push(node as Element);
  }
  return out;
}

function child(parent: Element, name: string): Element | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === DAV && (node as Element).localName === name)
      return node as Element;
  }
  return null;
}

function text(parent: Element, name: string): string {
  return child(parent, name)?.textContent?.trim() ?? '';
}

/** Parses a multistatus body. Throws a TypeError when it is not one (an HTML error page, say). */
export function parseMultistatus(xml: string): DavResponse[] {
  const doc = new DOMParser({ onError: () => {} }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== DAV || root.localName !== 'multistatus')
    throw new TypeError('not a WebDAV multistatus answer');
  const responses = children(root, 'response');
  const out: DavResponse[] = [];
  for (let i = 0; i < responses.length; i++) {
    const response = responses[i];
    const href = text(response, 'href');
    if (!href) continue;
    const propstats = children(response, 'propstat');
    let ok: Element | null = null;
    let notFound = 0;
    for (let j = 0; j < propstats.length; j++) {
      const status = text(propstats[j], 'status');
      if (/\s2\d\d\s/.test(` ${status} `) || !status) ok ??= propstats[j];
      else if (/\s404\s/.test(` ${status} `)) notFound++;
    }
    const props = ok ? child(ok, 'prop') : null;
    const resourcetype = props ? child(props, 'resourcetype') : null;
    const modified = props ? Date.parse(text(props, 'getlastmodified')) : NaN;
    out.push({
      path: hrefPath(href),
      isDir: !!resourcetype && !!child(resourcetype, 'collection'),
      mtime: Number.isNaN(modified) ? 0 : modified,
      etag: props ? text(props, 'getetag') : '',
      size: props ? Number(text(props, 'getcontentlength')) || 0 : 0,
      missing: propstats.length > 0 && notFound === propstats.length
    });
  }
  return out;
}

/** The decoded path of an href (absolute URL or path), without a trailing slash. */
export function hrefPath(href: string): string {
  let path = href;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(href)) path = new URL(href).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: keep the href as the server wrote it.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The entries directly inside `folderPath` (decoded, no trailing slash), from a Depth 1 answer. */
export function entriesIn(responses: DavResponse[], folderPath: string): RemoteEntry[] {
  const prefix = `${folderPath.replace(/\/+$/, '')}/`;
  const out: RemoteEntry[] = [];
  for (const r of responses) {
    if (!r.path.startsWith(prefix)) continue;
    const name = r.path.slice(prefix.length);
    if (!name || name.includes('/')) continue;
    out.push(toEntry(r, name));
  }
  return out;
}

/** A parsed response as a RemoteEntry named `name`. */
export function toEntry(r: DavResponse, name: string): RemoteEntry {
  return {
    name,
    isDir: r.isDir,
    mtime: r.mtime,
    fingerprint: r.etag ? `e${r.etag}` : timeSizeFingerprint(r.mtime, r.size)
  };
}
