import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-parser';
import type { QueryTerm } from './query-types';

const terms = (q: string): QueryTerm[] => parseQuery(q).terms;
const text = (field: string, negated: boolean, ...tokens: (string | [string, true])[]) => ({
  kind: 'text',
  field,
  negated,
  tokens: tokens.map((t) =>
    typeof t === 'string' ? { text: t, prefix: false } : { text: t[0], prefix: true }
  )
});

describe('parseQuery', () => {
  it('reads plain words as separate text terms', () => {
    expect(terms('cat dog')).toMatchObject([text('any', false, 'cat'), text('any', false, 'dog')]);
  });

  it('folds case and accents of words', () => {
    expect(terms('CRÈME Brûlée')).toMatchObject([text('any', false, 'creme'), text('any', false, 'brulee')]);
  });

  it('reads a quoted phrase as one term of several tokens', () => {
    expect(terms('"quick brown fox"')).toMatchObject([text('any', false, 'quick', 'brown', 'fox')]);
  });

  it('reads a hyphenated word as a phrase', () => {
    expect(terms('e-mail')).toMatchObject([text('any', false, 'e', 'mail')]);
  });

  it('marks a trailing star as a prefix', () => {
    expect(terms('swim*')).toMatchObject([text('any', false, ['swim', true])]);
  });

  it('ignores a leading star', () => {
    expect(terms('*swim')).toMatchObject([text('any', false, 'swim')]);
  });

  it('negates a word with a leading minus', () => {
    expect(terms('-cat')).toMatchObject([text('any', true, 'cat')]);
  });

  it('negates a quoted phrase', () => {
    expect(terms('-"big cat"')).toMatchObject([text('any', true, 'big', 'cat')]);
  });

  it('splits CJK text into one token per character', () => {
    expect(terms('東京')).toMatchObject([text('any', false, '東', '京')]);
  });

  it('reads any:1 as OR', () => {
    expect(parseQuery('any:1 a b').any).toBe(true);
    expect(parseQuery('any:0 a b').any).toBe(false);
  });

  it('splits an unquoted title: value at hyphens and underscores into words', () => {
    expect(terms('title:foo-bar_baz')).toMatchObject([
      text('title', false, 'foo'),
      text('title', false, 'bar'),
      text('title', false, 'baz')
    ]);
  });

  it('keeps a quoted title: value as one phrase', () => {
    expect(terms('title:"launch plan"')).toMatchObject([text('title', false, 'launch', 'plan')]);
  });

  it('reads negated body: terms', () => {
    expect(terms('-body:secret')).toMatchObject([text('body', true, 'secret')]);
  });

  it('keeps filter names case-insensitive', () => {
    expect(terms('TAG:Work')).toEqual([{ kind: 'pattern', name: 'tag', negated: false, pattern: 'Work' }]);
  });

  it('reads tag, notebook, resource and sourceurl values as patterns without quotes', () => {
    expect(terms('-tag:"to do" notebook:"My Notes" resource:image/* sourceurl:*example*')).toEqual([
      { kind: 'pattern', name: 'tag', negated: true, pattern: 'to do' },
      { kind: 'pattern', name: 'notebook', negated: false, pattern: 'My Notes' },
      { kind: 'pattern', name: 'resource', negated: false, pattern: 'image/*' },
      { kind: 'pattern', name: 'sourceurl', negated: false, pattern: '*example*' }
    ]);
  });

  it('takes the next word as the value of a filter followed by a space', () => {
    expect(terms('title: abcd -body: efgh')).toMatchObject([
      text('title', false, 'abcd'),
      text('body', true, 'efgh')
    ]);
  });

  it('keeps later colons in a filter value', () => {
    expect(terms('sourceurl:https://a.example/x')).toEqual([
      { kind: 'pattern', name: 'sourceurl', negated: false, pattern: 'https://a.example/x' }
    ]);
  });

  it('reads an unknown filter as text', () => {
    expect(terms('foo:bar')).toMatchObject([text('any', false, 'foo', 'bar')]);
  });

  it('reads date filters with their raw value', () => {
    expect(terms('created:2024 -updated:day-3 due:day+1')).toEqual([
      { kind: 'date', name: 'created', negated: false, value: '2024' },
      { kind: 'date', name: 'updated', negated: true, value: 'day-3' },
      { kind: 'date', name: 'due', negated: false, value: 'day+1' }
    ]);
  });

  it('warns about a malformed date', () => {
    expect(parseQuery('created:2024-01').warnings[0]).toMatch(/Invalid date "2024-01"/);
  });

  it('reads type: and iscompleted:', () => {
    expect(terms('type:todo iscompleted:0')).toEqual([
      { kind: 'type', todo: true },
      { kind: 'completed', completed: false }
    ]);
  });

  it('drops a bad type: value with a warning', () => {
    const parsed = parseQuery('type:foo cat');
    expect(parsed.terms).toMatchObject([text('any', false, 'cat')]);
    expect(parsed.warnings).toEqual(['The value of filter "type" must be "note" or "todo"; ignored.']);
  });

  it('refuses to negate iscompleted:', () => {
    const parsed = parseQuery('-iscompleted:1');
    expect(parsed.terms).toEqual([]);
    expect(parsed.warnings[0]).toMatch(/can't be negated/);
  });

  it('reads location filters as numbers', () => {
    expect(terms('latitude:48.5 -altitude:10')).toEqual([
      { kind: 'number', name: 'latitude', negated: false, value: 48.5 },
      { kind: 'number', name: 'altitude', negated: true, value: 10 }
    ]);
  });

  it('reads id: as a pattern', () => {
    expect(terms('id:abc')).toEqual([{ kind: 'pattern', name: 'id', negated: false, pattern: 'abc' }]);
  });

  it('runs an unclosed quote to the end of the query, with a warning', () => {
    const parsed = parseQuery('"quick decisions');
    expect(parsed.terms).toMatchObject([text('any', false, 'quick', 'decisions')]);
    expect(parsed.warnings).toEqual(['Unclosed quote: the quoted words run to the end of the query.']);
  });

  it('ignores terms with no word in them', () => {
    expect(terms('- * "" tag:')).toEqual([]);
  });

  it('parses a 10,000-character query quickly', () => {
    const query = `"${'word '.repeat(2000)}`;
    const start = performance.now();
    const parsed = parseQuery(query);
    expect(performance.now() - start).toBeLessThan(500);
    expect(parsed.terms[0]).toMatchObject({ kind: 'text' });
  });
});
