import { describe, expect, it } from 'vitest';
import { parseToolArguments } from './tool-arguments';

describe('parseToolArguments', () => {
  it('parses a JSON object', () => expect(parseToolArguments('{"a":1}')).toEqual({ parsed: { a: 1 } }));
  it('takes empty text as no arguments', () => expect(parseToolArguments('  ')).toEqual({ parsed: {} }));
  it('reports broken JSON with the raw text', () =>
    expect(parseToolArguments('{"a":').parseError).toMatch(/not valid JSON.*\{"a":$/));
  it('reports a JSON value that is not an object, saying what it is', () => {
    expect(parseToolArguments('[1]').parseError).toBe(
      'The arguments must be a JSON object, got an array: [1]'
    );
    expect(parseToolArguments('null').parseError).toBe('The arguments must be a JSON object, got null: null');
    expect(parseToolArguments('"x"').parseError).toBe(
      'The arguments must be a JSON object, got a string: "x"'
    );
  });
});
