import { describe, expect, it } from 'vitest';
import { parseRawItem, RawItemError, serializeRawItem } from './raw-item';

describe('raw item', () => {
  it('reads the title, the body and the properties from the end', () => {
    const item = parseRawItem('Title\n\nBody\n\nkey: not a prop\n\nid: abc\ntype_: 1');
    expect(item.title).toBe('Title');
    expect(item.body).toBe('Body\n\nkey: not a prop');
    expect([...item.props]).toEqual([['id', 'abc']]);
  });

  it('reads a note-tag link, which has no title', () => {
    const item = parseRawItem('id: x\nnote_id: n\ntag_id: t\ntype_: 6');
    expect(item.title).toBeUndefined();
    expect(item.props.get('note_id')).toBe('n');
  });

  it('undoes escaped newlines in values and writes them escaped', () => {
    const item = parseRawItem('T\n\nocr_text: a\\nb\ntype_: 4');
    expect(item.props.get('ocr_text')).toBe('a\nb');
    expect(serializeRawItem(item)).toBe('T\n\nocr_text: a\\nb\ntype_: 4');
  });

  it('writes an empty value with its trailing space and no final newline', () => {
    expect(serializeRawItem({ type_: 5, title: 'tag', props: new Map([['user_data', '']]) })).toBe(
      'tag\n\nuser_data: \ntype_: 5'
    );
  });

  it('leaves out an empty body', () => {
    expect(serializeRawItem({ type_: 1, title: 'T', body: '', props: new Map([['id', 'x']]) })).toBe(
      'T\n\nid: x\ntype_: 1'
    );
  });

  it('keeps \\r\\n line ends in a body byte for byte', () => {
    const text = 'T\n\nline one\r\nline two\r\n\nid: x\ntype_: 1';
    expect(parseRawItem(text).body).toBe('line one\r\nline two\r');
    expect(serializeRawItem(parseRawItem(text))).toBe(text);
  });

  it('refuses an item without type_', () => {
    expect(() => parseRawItem('Title\n\nid: abc')).toThrow(RawItemError);
  });

  it('refuses a property line without a colon', () => {
    expect(() => parseRawItem('Title\n\nnot a property\ntype_: 1')).toThrow(/not a "key: value"/);
  });
});
