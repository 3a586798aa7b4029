/**
 * Joplin's RAW item text, the format of every `<id>.md` file in a RAW folder or JEX archive:
 *
 *     Title
 *
 *     Body (notes only)
 *
 *     key: value
 *     ...
 *     type_: N
 *
 * The title is left out for types without one (note-tag links), the body when it is empty; the
 * property block is read from the end up to the first blank line, so a body may hold anything.
 * String values escape `\n` and `\r`; an empty value is written `key: ` (with the space); there is
 * no trailing newline. Written from observing real Joplin exports (see tests/interop).
 */

/** One item as read from or written to RAW text: title, body and the ordered `key: value` pairs. */
export interface RawItem {
  type_: number;
  /** Undefined for types without a title line (note-tag links). */
  title?: string;
  body?: string;
  /** Property values as text (escapes undone), in file order, `type_` excluded. */
  props: Map<string, string>;
}

/** Why a RAW item could not be read. */
export class RawItemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RawItemError';
  }
}

/** Item types that have a title line in RAW text. */
const TITLED_TYPES = new Set([1, 2, 4, 5, 13]);

/** Undoes Joplin's escaping of newlines in property values. */
export function unescapeValue(value: string): string {
  return value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
}

/** Escapes newlines in a property value the way Joplin does (backslashes are left alone, as Joplin does). */
export function escapeValue(value: string): string {
  return value.replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** Parses RAW item text. Throws RawItemError when it has no `type_` or a malformed property line. */
export function parseRawItem(text: string): RawItem {
  // Split on \n only, as Joplin does: a body written on Windows keeps its \r\n byte for byte.
  const lines = text.split('\n');
  const props: [string, string][] = [];
  let i = lines.length - 1;
  while (i >= 0 && lines[i].trim() === '' && props.length === 0) i--;
  for (; i >= 0; i--) {
    const line = lines[i].trim();
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new RawItemError(`the line "${line.slice(0, 40)}" is not a "key: value" property`);
    props.unshift([line.slice(0, colon).trim(), unescapeValue(line.slice(colon + 1).trim())]);
  }
  const typeEntry = props.find(([key]) => key === 'type_');
  if (!typeEntry) throw new RawItemError('it has no "type_" property, so it is not a Joplin item');
  const type_ = Number(typeEntry[1]);
  if (!Number.isInteger(type_) || type_ <= 0)
    throw new RawItemError(`its type_ "${typeEntry[1]}" is not a number`);
  const map = new Map(props.filter(([key]) => key !== 'type_'));
  const head = lines.slice(0, Math.max(i, 0));
  const item: RawItem = { type_, props: map };
  if (TITLED_TYPES.has(type_) && i > 0) {
    item.title = head[0] ?? '';
    if (type_ === 1) item.body = head.slice(2).join('\n');
  }
  return item;
}

/** Writes RAW item text exactly as Joplin does: props in the given order, `type_` last, no final newline. */
export function serializeRawItem(item: RawItem): string {
  const parts: string[] = [];
  if (item.title !== undefined) parts.push(item.title);
  if (item.body) parts.push(item.body);
  const props = [...item.props]
    .filter(([key]) => key !== 'type_')
    .map(([key, value]) => `${key}: ${escapeValue(value)}`);
  props.push(`type_: ${item.type_}`);
  parts.push(props.join('\n'));
  return parts.join('\n\n');
}
