import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ItemType } from '$lib/core';
import { FIELD_ORDER, formatTime, isInteropType, parseTime, rawToRecord, recordToRaw } from './joplin-fields';
import { parseRawItem, serializeRawItem } from './raw-item';

// Item files written by Joplin 3.6's own RAW export (tests/interop/fixtures/joplin-raw).
const DIR = join(process.cwd(), 'tests/interop/fixtures/joplin-raw');
const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));

describe('joplin fields', () => {
  it.each(files)('writes %s back byte for byte after reading it into a record', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const raw = parseRawItem(text);
    if (!isInteropType(raw.type_)) throw new Error(`unexpected type ${raw.type_}`);
    expect(serializeRawItem(recordToRaw(raw.type_, rawToRecord(raw)))).toBe(text);
  });

  it('keeps unmodelled fields in joplin_extra', () => {
    const raw = parseRawItem(readFileSync(join(DIR, '35a4357a1c4f4e0197928ef1ff2e5e50.md'), 'utf8'));
    const record = rawToRecord(raw);
    expect(record.joplin_extra).toMatchObject({
      source_application: 'net.cozic.joplin-cli',
      order: '1796065839372'
    });
    expect(record).toMatchObject({
      is_todo: 1,
      todo_due: 1746515289000,
      created_time: Date.parse('2026-11-30T19:06:45.312Z')
    });
  });

  it('gives a note made in Folio every Joplin field, in order, with fresh-item defaults', () => {
    const raw = recordToRaw(ItemType.Note, {
      id: 'a'.repeat(32),
      parent_id: 'b'.repeat(32),
      title: 'T',
      body: 'B',
      created_time: 1,
      updated_time: 2,
      user_created_time: 1,
      user_updated_time: 2,
      is_todo: 0,
      todo_due: 0,
      todo_completed: 0,
      source_url: '',
      author: '',
      latitude: 0,
      longitude: 0,
      altitude: 0,
      markup_language: 1,
      is_conflict: 0,
      deleted_time: 0
    });
    expect([...raw.props.keys()]).toEqual(FIELD_ORDER[ItemType.Note]);
    expect(raw.props.get('encryption_applied')).toBe('0');
    expect(raw.props.get('latitude')).toBe('0.00000000');
    expect(raw.props.get('created_time')).toBe('1970-01-01T00:00:00.001Z');
  });

  it('reads and writes times as ISO 8601 with milliseconds', () => {
    expect(parseTime('2024-01-02T03:04:05.678Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
    expect(formatTime(Date.UTC(2024, 0, 2, 3, 4, 5, 0))).toBe('2024-01-02T03:04:05.000Z');
  });
});
