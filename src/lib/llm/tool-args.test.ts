import { describe, expect, it } from 'vitest';
import { finishToolCall } from './tool-args';

describe('finishToolCall', () => {
  it('gives a call without id a stable one', () =>
    expect(finishToolCall('', 'x', '{}', 2).id).toBe('call_2'));
  it('keeps the raw text beside the parsed arguments', () =>
    expect(finishToolCall('c', 'x', '{"a":1}', 0)).toEqual({
      id: 'c',
      name: 'x',
      arguments: '{"a":1}',
      parsed: { a: 1 }
    }));
  it('carries the parse error of broken arguments', () =>
    expect(finishToolCall('c', 'x', '{"a":', 0).parseError).toMatch(/not valid JSON/));
});
