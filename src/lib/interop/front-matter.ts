/**
 * YAML front matter as Joplin's `md_frontmatter` format writes and reads it: title, created,
 * updated, author, source (URL), latitude/longitude/altitude, `completed?` (to-dos), due, tags.
 */
import { parse, stringify } from 'yaml';

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

const FENCE = /^---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits front matter off a Markdown text; invalid YAML is left in the body (and reported). */
export function splitFrontMatter(text: string): { fields: FrontMatterFields; body: string; error?: string } {
  const match = FENCE.exec(text);
  if (!match) return { fields: {}, body: text };
  let data: unknown;
  try {
    data = parse(match[1]);
  } catch (error) {
    return { fields: {}, body: text, error: `its front matter is not valid YAML (${(error as Error).message.split('\n')[0]})` };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { fields: {}, body: text };
  return { fields: readFields(data as Record<string, unknown>), body: text.slice(match[0].length).replace(/^\r?\n/, '') };
}

function readFields(data: Record<string, unknown>): FrontMatterFields {
  const fields: FrontMatterFields = {};
  const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() && !isNaN(Number(v)) ? Number(v) : undefined);
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
  if (Array.isArray(tags)) fields.tags = tags.map(String).map((t) => t.trim()).filter(Boolean);
  else if (typeof tags === 'string') fields.tags = tags.split(',').map((t) => t.trim()).filter(Boolean);
  for (const key of Object.keys(fields) as (keyof FrontMatterFields)[]) if (fields[key] === undefined) delete fields[key];
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
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');
}

/** The front matter block (with its `---` fences and a blank line after) for a note. */
export function formatFrontMatter(fields: FrontMatterFields): string {
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
  return `---\n${stringify(data, { lineWidth: 0 })}---\n\n`;
}
