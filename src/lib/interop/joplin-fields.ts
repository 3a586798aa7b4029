/**
 * Between Joplin's RAW properties and Folio's records. The field order of each item type is the one
 * Joplin 3.6's exports write (observed with its command-line client, see tests/interop), so an export
 * is byte-for-byte what Joplin itself would write for the same item.
 *
 * Lossless by design: the Joplin fields Folio does not model (encryption_*, is_shared, share_id,
 * master_key_id, order, source, source_application, application_data, conflict_original_id,
 * user_data, blob_updated_time, ocr_*, and any field a later Joplin adds) are kept verbatim in
 * `joplin_extra` on the stored record, a string map Dexie stores with it; export writes them back in
 * their place. Items made in Folio get the values a fresh Joplin item has.
 */
import {
  ItemType,
  noteDefaults,
  type Note,
  type Notebook,
  type NoteTag,
  type Resource,
  type Tag
} from '$lib/core';
import type { RawItem } from './raw-item';

/** A record with the Joplin fields Folio does not model, kept as text. */
export type WithExtra<T> = T & { joplin_extra?: Record<string, string> };

/** The item types Folio imports and exports. */
export type InteropType =
  | typeof ItemType.Note
  | typeof ItemType.Folder
  | typeof ItemType.Resource
  | typeof ItemType.Tag
  | typeof ItemType.NoteTag;

const NOTE_FIELDS =
  'id parent_id created_time updated_time is_conflict latitude longitude altitude author source_url is_todo todo_due todo_completed source source_application application_data order user_created_time user_updated_time encryption_cipher_text encryption_applied markup_language is_shared share_id conflict_original_id master_key_id user_data deleted_time';
const FOLDER_FIELDS =
  'id created_time updated_time user_created_time user_updated_time encryption_cipher_text encryption_applied parent_id is_shared share_id master_key_id icon user_data deleted_time';
const TAG_FIELDS =
  'id created_time updated_time user_created_time user_updated_time encryption_cipher_text encryption_applied is_shared parent_id user_data';
const NOTE_TAG_FIELDS =
  'id note_id tag_id created_time updated_time user_created_time user_updated_time encryption_cipher_text encryption_applied is_shared';
const RESOURCE_FIELDS =
  'id mime filename created_time updated_time user_created_time user_updated_time file_extension encryption_cipher_text encryption_applied encryption_blob_encrypted size is_shared share_id master_key_id user_data blob_updated_time ocr_text ocr_details ocr_status ocr_error ocr_driver_id';

/** Joplin's property order per item type (title and body are not properties). */
export const FIELD_ORDER: Record<InteropType, readonly string[]> = {
  [ItemType.Note]: NOTE_FIELDS.split(' '),
  [ItemType.Folder]: FOLDER_FIELDS.split(' '),
  [ItemType.Tag]: TAG_FIELDS.split(' '),
  [ItemType.NoteTag]: NOTE_TAG_FIELDS.split(' '),
  [ItemType.Resource]: RESOURCE_FIELDS.split(' ')
};

/** The fields each Folio record holds (everything else goes to `joplin_extra`). */
const MODELLED: Record<InteropType, ReadonlySet<string>> = {
  [ItemType.Note]: new Set(Object.keys({ id: 0, parent_id: 0, ...noteDefaults(0) })),
  [ItemType.Folder]: new Set(
    'id title parent_id created_time updated_time user_created_time user_updated_time icon deleted_time'.split(
      ' '
    )
  ),
  [ItemType.Tag]: new Set(
    'id title created_time updated_time user_created_time user_updated_time parent_id'.split(' ')
  ),
  [ItemType.NoteTag]: new Set(
    'id note_id tag_id created_time updated_time user_created_time user_updated_time'.split(' ')
  ),
  [ItemType.Resource]: new Set(
    'id title mime filename file_extension size created_time updated_time user_created_time user_updated_time'.split(
      ' '
    )
  )
};

const TIME_FIELDS = new Set(['created_time', 'updated_time', 'user_created_time', 'user_updated_time']);
const TEXT_FIELDS = new Set([
  'id',
  'parent_id',
  'note_id',
  'tag_id',
  'title',
  'body',
  'author',
  'source_url',
  'icon',
  'mime',
  'filename',
  'file_extension'
]);
const FIXED_DECIMALS: Record<string, number> = { latitude: 8, longitude: 8, altitude: 4 };

/**
 * The values of unmodelled fields on an item Joplin just made (used for items made in Folio). A
 * note names Folio as its source, as Joplin's apps name themselves (Joplin fills empty ones in with
 * its own name on import).
 */
const EXTRA_DEFAULTS: Record<string, string> = {
  source: 'folio',
  source_application: 'folio',
  encryption_applied: '0',
  encryption_blob_encrypted: '0',
  is_shared: '0',
  order: '0',
  ocr_status: '0',
  ocr_driver_id: '1'
};

/** Whether Folio imports this item type. */
export function isInteropType(type: number): type is InteropType {
  return type in FIELD_ORDER;
}

/** Reads a Joplin time (ISO 8601, or ms as text); '' is 0. */
export function parseTime(value: string): number {
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const ms = Date.parse(value);
  return isNaN(ms) ? 0 : ms;
}

/** Writes a time as Joplin does: ISO 8601 UTC with milliseconds; 0 is ''. */
export function formatTime(ms: number): string {
  return ms ? new Date(ms).toISOString() : '';
}

/** Turns a parsed RAW item into a Folio record of its type (with the unmodelled fields kept). */
export function rawToRecord(raw: RawItem): WithExtra<Note | Notebook | Tag | NoteTag | Resource> {
  if (!isInteropType(raw.type_)) throw new RangeError(`Joplin item type ${raw.type_} has no Folio record`);
  const modelled = MODELLED[raw.type_];
  const record: Record<string, unknown> =
    raw.type_ === ItemType.Note ? { ...noteDefaults(0), body: raw.body ?? '' } : {};
  if (raw.title !== undefined) record.title = raw.title;
  const extra: Record<string, string> = {};
  for (const [key, value] of raw.props) {
    if (!modelled.has(key)) extra[key] = value;
    else if (TIME_FIELDS.has(key)) record[key] = parseTime(value);
    else if (TEXT_FIELDS.has(key)) record[key] = value;
    else record[key] = value === '' ? 0 : Number(value) || 0;
  }
  for (const key of modelled) if (record[key] === undefined) record[key] = defaultValue(key);
  if (Object.keys(extra).length) record.joplin_extra = extra;
  return record as unknown as WithExtra<Note>;
}

function defaultValue(key: string): unknown {
  if (TEXT_FIELDS.has(key)) return '';
  return 0;
}

/** Turns a Folio record into RAW item properties, in Joplin's order, ready to serialize. */
export function recordToRaw(
  type: InteropType,
  record: WithExtra<Note | Notebook | Tag | NoteTag | Resource>
): RawItem {
  const values = record as unknown as Record<string, unknown>;
  const extra = record.joplin_extra ?? {};
  const modelled = MODELLED[type];
  const props = new Map<string, string>();
  for (const key of FIELD_ORDER[type]) {
    props.set(
      key,
      modelled.has(key) ? formatValue(key, values[key]) : (extra[key] ?? extraDefault(key, values))
    );
  }
  for (const [key, value] of Object.entries(extra)) if (!props.has(key)) props.set(key, value);
  const item: RawItem = { type_: type, props };
  if (type !== ItemType.NoteTag) item.title = String(values.title ?? '');
  if (type === ItemType.Note) item.body = String(values.body ?? '');
  return item;
}

function formatValue(key: string, value: unknown): string {
  if (TIME_FIELDS.has(key)) return formatTime(Number(value) || 0);
  if (key in FIXED_DECIMALS) return (Number(value) || 0).toFixed(FIXED_DECIMALS[key]);
  if (value === undefined || value === null) return '';
  return String(value);
}

function extraDefault(key: string, values: Record<string, unknown>): string {
  if (key === 'blob_updated_time') return String(values.updated_time ?? 0);
  return EXTRA_DEFAULTS[key] ?? '';
}
