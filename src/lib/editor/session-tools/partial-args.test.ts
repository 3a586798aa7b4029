import { describe, expect, it } from 'vitest';
import { partialArguments } from './partial-args';

describe('partialArguments', () => {
  it('reads closed fields and the one still being written', () => {
    expect(partialArguments('{"anchor": "the st\\"ove", "text": "the cam')).toEqual({
      anchor: { value: 'the st"ove', complete: true },
      text: { value: 'the cam', complete: false }
    });
  });

  it('reads nothing from a key still being written', () => {
    expect(partialArguments('{"anchor": "a", "te')).toEqual({ anchor: { value: 'a', complete: true } });
  });

  it('stops before a half-written escape', () => {
    expect(partialArguments('{"text": "line\\')).toEqual({ text: { value: 'line', complete: false } });
    expect(partialArguments('{"text": "a\\nb"}')).toEqual({ text: { value: 'a\nb', complete: true } });
  });
});
