import { describe, expect, it } from 'vitest';
import { compileSchema, invalidArgumentsText, schemaIssues } from './schema-check';

const check = compileSchema({
  type: 'object',
  additionalProperties: false,
  required: ['query'],
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 10 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    relevance: { enum: ['strict', 'normal'] },
    id: { type: 'string', pattern: '^[0-9a-f]{4}$' },
    replace_text: {
      type: 'object',
      additionalProperties: false,
      required: ['find', 'replace'],
      properties: { find: { type: 'string', minLength: 1 }, replace: { type: 'string' } }
    },
    add: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 }
  }
});

describe('compileSchema', () => {
  it('accepts a valid value', () => {
    expect(check({ query: 'cats', limit: 5, replace_text: { find: 'a', replace: '' }, add: ['x'] })).toEqual(
      []
    );
  });

  it('names a missing required field', () => {
    expect(check({})).toEqual(['query: required']);
  });

  it('says the maximum and the value given', () => {
    expect(check({ query: 'a', limit: 500 })).toEqual(['limit: must be at most 100 (got 500)']);
  });

  it('says the length limit and the length given', () => {
    expect(check({ query: 'a'.repeat(12) })).toEqual(['query: must be at most 10 characters (got 12)']);
  });

  it('says an empty string is not allowed', () => {
    expect(check({ query: '' })).toEqual(['query: must not be empty']);
  });

  it('names the expected type', () => {
    expect(check({ query: 'a', limit: 1.5 })).toEqual(['limit: must be an integer (got 1.5)']);
    expect(check({ query: 5 })).toEqual(['query: must be a string (got 5)']);
  });

  it('lists the allowed values of an enum', () => {
    expect(check({ query: 'a', relevance: 'wild' })).toEqual([
      'relevance: must be one of "strict", "normal" (got "wild")'
    ]);
  });

  it('reports an unknown property with the allowed ones', () => {
    expect(check({ query: 'a', limt: 3 })).toEqual([
      'limt: unknown property (allowed: query, limit, relevance, id, replace_text, add)'
    ]);
  });

  it('gives nested paths with dots and array indexes', () => {
    expect(check({ query: 'a', replace_text: { find: '' }, add: ['ok', ''] })).toEqual([
      'replace_text.replace: required',
      'replace_text.find: must not be empty',
      'add[1]: must not be empty'
    ]);
  });

  it('shows the pattern a string must match', () => {
    expect(check({ query: 'a', id: 'xyz' })).toEqual([
      'id: must match the pattern ^[0-9a-f]{4}$ (got "xyz")'
    ]);
  });

  it('reports a wrong root type as input', () => {
    expect(check('cats')).toEqual(['input: must be an object (got "cats")']);
  });

  it('reads anyOf of required fields as "at least one of"', () => {
    const anyOf = compileSchema({ type: 'object', anyOf: [{ required: ['add'] }, { required: ['remove'] }] });
    expect(anyOf({})).toEqual(['input: needs at least one of: add, remove']);
  });

  it('reads not of required fields as "cannot be used together"', () => {
    const not = compileSchema({ type: 'object', not: { required: ['notebook_id', 'tag_id'] } });
    expect(not({ notebook_id: 'a', tag_id: 'b' })).toEqual([
      'input: notebook_id and tag_id cannot be used together'
    ]);
  });

  it('runs without eval or new Function (strict CSP)', () => {
    const original = globalThis.Function;
    const trap = new Proxy(original, {
      construct: () => {
        throw new Error('new Function used');
      },
      apply: () => {
        throw new Error('Function() used');
      }
    });
    globalThis.Function = trap as FunctionConstructor;
    try {
      const fresh = compileSchema({ type: 'object', properties: { a: { type: 'integer', maximum: 2 } } });
      expect(fresh({ a: 3 })).toEqual(['a: must be at most 2 (got 3)']);
    } finally {
      globalThis.Function = original;
    }
  });
});

describe('schemaIssues', () => {
  const schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

  it('checks a value against a schema it compiles once', () => {
    expect(schemaIssues(schema, {})).toEqual(['id: required']);
    expect(schemaIssues(schema, { id: 'x' })).toEqual([]);
  });
});

describe('invalidArgumentsText', () => {
  it('is the one wording of a call refused for its arguments', () => {
    expect(invalidArgumentsText('read_note', ['id: required', 'offset: must be at least 0 (got -1)'])).toBe(
      'Invalid arguments for read_note: id: required; offset: must be at least 0 (got -1).'
    );
  });
});
