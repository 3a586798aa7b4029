import { describe, expect, it } from 'vitest';
import { finishToolCall, parseToolArguments } from './tool-args';

describe('parseToolArguments', () => {
  it('parses a JSON object', () => expect(parseToolArguments('{"a":1}')).toEqual({ parsed: { a: 1 } }));
  it('takes empty text as no arguments', () => expect(parseToolArguments('  ')).toEqual({ parsed: {} }));
  it('reports broken JSON with the raw text', () => expect(parseToolArguments('{"a":').parseError).toMatch(/not valid JSON.*\{"a":$/));
  it('reports a JSON value that is not an object', () => expect(parseToolArguments('[1]').parseError).toContain('must be a JSON object'));
});

describe('finishToolCall', () => {
  it('gives a call without id a stable one', () => expect(finishToolCall('', 'x', '{}', 2).id).toBe('call_2'));
});
