/**
 * RenderSpec: how a plugin's `render(input, output)` asks the host to draw a tool's output. It is
 * plain data, drawn by the host's own components, so no plugin HTML ever reaches the app's DOM.
 * `checkRenderSpec` rebuilds a spec from untrusted data: only known kinds and fields survive, text
 * is cut to size, and an image must be a data:image URL, a blob: URL, or (for a plugin with the
 * `network` permission) an https URL. Anything else fails with a message that says what was wrong.
 */
import { AppError } from '$lib/core';

/** One row of a list: a title, and optionally a subtitle, a thumbnail and a checkbox. */
export interface ListItem {
  title: string;
  subtitle?: string;
  thumbnail?: string;
  /** A checkbox in this state; absent means no checkbox. */
  checked?: boolean;
}

/** A cell of a table. */
export type Cell = string | number | boolean | null;

/** The declarative output of a plugin renderer. */
export type RenderSpec =
  | { type: 'list'; title?: string; items: ListItem[] }
  | { type: 'table'; title?: string; columns: string[]; rows: Cell[][] }
  | { type: 'markdown'; text: string }
  | { type: 'keyvalue'; title?: string; items: { key: string; value: string }[] }
  | { type: 'gallery'; title?: string; images: { src: string; alt: string; caption?: string }[] }
  | { type: 'stack'; children: RenderSpec[] };

/** The kinds a RenderSpec may have. */
export const RENDER_SPEC_TYPES = ['list', 'table', 'markdown', 'keyvalue', 'gallery', 'stack'] as const;

/**
 * Limits that keep a spec cheap to draw: per field, and for the whole spec (`cells`: table cells,
 * list and key/value items and images together; `nodes`: specs in all stacks; `chars`: all text and
 * image URLs), because a spec may reference one big table from many places and every reference is
 * drawn. The view draws what passes in chunks, so even the largest spec never blocks a frame.
 */
export const RENDER_LIMITS = {
  items: 500,
  columns: 20,
  text: 2_000,
  markdown: 100_000,
  imageUrl: 1_000_000,
  depth: 4,
  cells: 20_000,
  nodes: 100,
  chars: 2_000_000
} as const;

/** What a spec has used of the totals so far (one per check). */
interface Totals {
  cells: number;
  nodes: number;
  chars: number;
}

/** What a spec may contain. */
export interface RenderPolicy {
  /** https images are allowed (the plugin has the `network` permission). */
  network: boolean;
}

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)(?:;[a-z0-9=.+-]+)*,/i;

function bad(message: string): AppError {
  return new AppError('invalid_argument', `The renderer returned an invalid spec: ${message}.`);
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(`${where} must be an object`);
  return value as Record<string, unknown>;
}

/** The totals of the check running now (checks are synchronous, so one at a time). */
let totals: Totals = { cells: 0, nodes: 0, chars: 0 };

function spend(kind: keyof Totals, amount: number): void {
  totals[kind] += amount;
  if (totals[kind] > RENDER_LIMITS[kind]) {
    const what = { cells: 'cells, items and images', nodes: 'parts', chars: 'characters of text' }[kind];
    throw bad(`it has more than ${RENDER_LIMITS[kind].toLocaleString('en-US')} ${what} in all`);
  }
}

function list(value: unknown, where: string, max: number = RENDER_LIMITS.items): unknown[] {
  if (!Array.isArray(value)) throw bad(`${where} must be a list`);
  if (value.length > max) throw bad(`${where} has ${value.length} entries, more than ${max}`);
  return value;
}

function str(value: unknown, where: string, max: number = RENDER_LIMITS.text): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw bad(`${where} must be text`);
  const text = value.length > max ? `${value.slice(0, max - 1)}…` : value;
  spend('chars', text.length);
  return text;
}

function optionalStr(value: unknown, where: string): string | undefined {
  return value === undefined || value === null ? undefined : str(value, where);
}

/** Checks an image URL against the policy; returns it unchanged when allowed. */
export function checkImageUrl(value: unknown, where: string, policy: RenderPolicy): string {
  if (typeof value !== 'string') throw bad(`${where} must be a URL`);
  if (value.length > RENDER_LIMITS.imageUrl)
    throw bad(`${where} is longer than ${RENDER_LIMITS.imageUrl} characters`);
  if (DATA_IMAGE.test(value) || /^blob:/i.test(value)) return spendUrl(value);
  if (/^https:\/\//i.test(value)) {
    if (policy.network) return spendUrl(value);
    throw bad(`${where} is an https URL, but the plugin has no network permission`);
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1] ?? 'relative';
  throw bad(`${where} uses a ${scheme} URL; only data:image, blob: or https images are allowed`);
}

function spendUrl(url: string): string {
  spend('chars', url.length);
  return url;
}

function checkList(raw: Record<string, unknown>, policy: RenderPolicy): RenderSpec {
  const items = list(raw.items, 'list.items').map((entry, i) => {
    spend('cells', 1);
    const item = record(entry, `list.items[${i}]`);
    const out: ListItem = { title: str(item.title, `list.items[${i}].title`) };
    const subtitle = optionalStr(item.subtitle, `list.items[${i}].subtitle`);
    if (subtitle !== undefined) out.subtitle = subtitle;
    if (item.thumbnail !== undefined && item.thumbnail !== null)
      out.thumbnail = checkImageUrl(item.thumbnail, `list.items[${i}].thumbnail`, policy);
    if (item.checked !== undefined && item.checked !== null) out.checked = item.checked === true;
    return out;
  });
  return { type: 'list', ...titled(raw, 'list'), items };
}

function checkTable(raw: Record<string, unknown>): RenderSpec {
  const columns = list(raw.columns, 'table.columns', RENDER_LIMITS.columns).map((c, i) =>
    str(c, `table.columns[${i}]`)
  );
  const rows = list(raw.rows, 'table.rows').map((row, r) =>
    list(row, `table.rows[${r}]`, RENDER_LIMITS.columns).map((cell, c): Cell => {
      spend('cells', 1);
      return cell === null || typeof cell === 'number' || typeof cell === 'boolean'
        ? cell
        : str(cell, `table.rows[${r}][${c}]`);
    })
  );
  return { type: 'table', ...titled(raw, 'table'), columns, rows };
}

function checkKeyValue(raw: Record<string, unknown>): RenderSpec {
  const items = list(raw.items, 'keyvalue.items').map((entry, i) => {
    spend('cells', 1);
    const item = record(entry, `keyvalue.items[${i}]`);
    return {
      key: str(item.key, `keyvalue.items[${i}].key`),
      value: str(item.value ?? '', `keyvalue.items[${i}].value`)
    };
  });
  return { type: 'keyvalue', ...titled(raw, 'keyvalue'), items };
}

function checkGallery(raw: Record<string, unknown>, policy: RenderPolicy): RenderSpec {
  const images = list(raw.images, 'gallery.images').map((entry, i) => {
    spend('cells', 1);
    const image = record(entry, `gallery.images[${i}]`);
    const caption = optionalStr(image.caption, `gallery.images[${i}].caption`);
    return {
      src: checkImageUrl(image.src, `gallery.images[${i}].src`, policy),
      alt: str(image.alt ?? '', `gallery.images[${i}].alt`),
      ...(caption !== undefined ? { caption } : {})
    };
  });
  return { type: 'gallery', ...titled(raw, 'gallery'), images };
}

function titled(raw: Record<string, unknown>, kind: string): { title?: string } {
  const title = optionalStr(raw.title, `${kind}.title`);
  return title === undefined ? {} : { title };
}

/** Rebuilds a RenderSpec from untrusted data, or throws AppError 'invalid_argument' saying what is wrong. */
export function checkRenderSpec(value: unknown, policy: RenderPolicy): RenderSpec {
  totals = { cells: 0, nodes: 0, chars: 0 };
  return checkNode(value, policy, 0);
}

function checkNode(value: unknown, policy: RenderPolicy, depth: number): RenderSpec {
  spend('nodes', 1);
  const raw = record(value, 'the spec');
  switch (raw.type) {
    case 'list':
      return checkList(raw, policy);
    case 'table':
      return checkTable(raw);
    case 'markdown':
      return { type: 'markdown', text: str(raw.text, 'markdown.text', RENDER_LIMITS.markdown) };
    case 'keyvalue':
      return checkKeyValue(raw);
    case 'gallery':
      return checkGallery(raw, policy);
    case 'stack':
      if (depth >= RENDER_LIMITS.depth) throw bad(`stacks are nested deeper than ${RENDER_LIMITS.depth}`);
      return {
        type: 'stack',
        children: list(raw.children, 'stack.children', 20).map((child) => checkNode(child, policy, depth + 1))
      };
    default:
      throw bad(`unknown type ${JSON.stringify(raw.type)} (expected one of ${RENDER_SPEC_TYPES.join(', ')})`);
  }
}
