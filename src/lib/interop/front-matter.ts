/**
 * YAML front matter as Joplin's `md_frontmatter` format writes and reads it: title, created,
 * updated, author, source (URL), latitude/longitude/altitude, `completed?` (to-dos), due, tags.
 * Keys Folio does not use (an Obsidian `aliases:`, a `cssclass:`…) are kept as their own YAML
 * text, byte for byte with the comments above them, and written back after Folio's keys on export.
 */
import { isMap, isScalar, parseDocument, stringify } from 'yaml';

/** The note fields front matter can carry. */
export interface FrontMatterFields {
  title?: string;
  tags?: string[];
  created_time?: number;
  updated_time?: number;
  author?: string;
  source_url?: string;
  latitude?: number;
  longitude?: number;
  altitude?: number;
  is_todo?: 0 | 1;
  /** True for `completed?: yes`. */
  completed?: boolean;
  todo_due?: number;
}

/** The keys Folio reads (everything else is kept as `extra`). */
const USED_KEYS = new Set([
  'title',
  'author',
  'source',
  'source_url',
  'latitude',
  'longitude',
  'altitude',
  'created',
  'updated',
  'due',
  'completed?',
  'tags',
  'keywords'
]);

const FENCE = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * Splits front matter off a Markdown text; invalid YAML is left in the body (and reported). `extra`
 * is the YAML text of the keys Folio does not use ('' when none).
 */
export function splitFrontMatter(text: string): {
  fields: FrontMatterFields;
  body: string;
  extra: string;
  error?: string;
} {
  const match = FENCE.exec(text);
  if (!match) return { fields: {}, body: text, extra: '' };
  const doc = parseDocument(match[1]);
  if (doc.errors.length) {
    return {
      fields: {},
      body: text,
      extra: '',
      error: `its front matter is not valid YAML (${doc.errors[0].message.split('\n')[0]})`
    };
  }
  const data: unknown = doc.toJS();
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { fields: {}, body: text, extra: '' };
  return {
    fields: readFields(data as Record<string, unknown>),
    body: text.slice(match[0].length).replace(/^\r?\n/, ''),
    extra: unusedKeys(doc, match[1])
  };
}

/** The source text of the top-level keys Folio does not use, each with the comment lines above it. */
function unusedKeys(doc: ReturnType<typeof parseDocument>, source: string): string {
  if (!isMap(doc.contents)) return '';
  let kept = '';
  let start = 0;
  const items = doc.contents.items;
  items.forEach((pair, i) => {
    const end =
      i === items.length - 1
        ? source.length
        : ((pair.value as { range?: number[] } | null)?.range?.[2] ??
          (pair.key as { range: number[] }).range[2]);
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!USED_KEYS.has(key)) kept += source.slice(start, end);
    start = end;
  });
  return kept && !kept.endsWith('\n') ? `${kept}\n` : kept;
}

function readFields(data: Record<string, unknown>): FrontMatterFields {
  const fields: FrontMatterFields = {};
  const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const num = (v: unknown) =>
    typeof v === 'number'
      ? v
      : typeof v === 'string' && v.trim() && !isNaN(Number(v))
        ? Number(v)
        : undefined;
  fields.title = text(data.title);
  fields.author = text(data.author);
  fields.source_url = text(data.source ?? data.source_url);
  fields.latitude = num(data.latitude);
  fields.longitude = num(data.longitude);
  fields.altitude = num(data.altitude);
  fields.created_time = readTime(data.created);
  fields.updated_time = readTime(data.updated);
  fields.todo_due = readTime(data.due);
  if ('completed?' in data) {
    fields.is_todo = 1;
    fields.completed = data['completed?'] === true || /^(yes|true)$/i.test(String(data['completed?']));
  }
  const tags = data.tags ?? data.keywords;
  if (Array.isArray(tags))
    fields.tags = tags
      .map(String)
      .map((t) => t.trim())
      .filter(Boolean);
  else if (typeof tags === 'string')
    fields.tags = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  for (const key of Object.keys(fields) as (keyof FrontMatterFields)[])
    if (fields[key] === undefined) delete fields[key];
  return fields;
}

/** A time from YAML (a Date, an ISO-like string or a number of ms); undefined when unreadable. */
function readTime(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const ms = Date.parse(value.trim().replace(' ', 'T'));
  return isNaN(ms) ? undefined : ms;
}

/** Formats a time as Joplin's front matter does: `YYYY-MM-DD HH:mm:ssZ` in UTC. */
function writeTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** The front matter block (with its `---` fences and a blank line after) for a note; `extra` (YAML kept from an import) follows Folio's keys. */
export function formatFrontMatter(fields: FrontMatterFields, extra = ''): string {
  const data: Record<string, unknown> = { title: fields.title ?? '' };
  if (fields.updated_time) data.updated = writeTime(fields.updated_time);
  if (fields.created_time) data.created = writeTime(fields.created_time);
  if (fields.source_url) data.source = fields.source_url;
  if (fields.author) data.author = fields.author;
  if (fields.latitude) data.latitude = fields.latitude;
  if (fields.longitude) data.longitude = fields.longitude;
  if (fields.altitude) data.altitude = fields.altitude;
  if (fields.is_todo) {
    data['completed?'] = fields.completed ? 'yes' : 'no';
    if (fields.todo_due) data.due = writeTime(fields.todo_due);
  }
  if (fields.tags?.length) data.tags = fields.tags;
  return `---\n${stringify(data, { lineWidth: 0 })}${extra}---\n\n`;
}
