import { describe, expect, it } from 'vitest';
import { assertJsonWithin, formatSize, measureJson, MAX_JSON_DEPTH } from './payload-size';

/** One object referenced `fanout` times at each of `levels` levels: tiny as a clone, huge as JSON. */
function sharedExpansion(levels: number, fanout: number): unknown {
  let node: unknown = { leaf: 'x'.repeat(20) };
  for (let level = 0; level < levels; level++) node = Array.from({ length: fanout }, () => node);
  return node;
}

describe('measureJson', () => {
  it('is within a few characters of the JSON length', () => {
    const values = [
      { a: 'hello', b: ['x', 'yz', null, 3.5], c: { d: 'e"\n' }, e: undefined, f: () => 1 },
      [],
      {},
      'text',
      42,
      [undefined, { x: [] }]
    ];
    for (const value of values) {
      const measure = measureJson(value, 1_000);
      expect(measure.ok).toBe(true);
      expect(Math.abs(measure.chars - JSON.stringify(value).length)).toBeLessThanOrEqual(6);
    }
  });

  it('counts a shared object once per reference, as JSON writes it', () => {
    const value = sharedExpansion(3, 10); // 1,000 leaves
    expect(JSON.stringify(value).length).toBeGreaterThan(30_000);
    const measure = measureJson(value, 1_000_000);
    expect(
      measure.ok && Math.abs(measure.chars - JSON.stringify(value).length) / JSON.stringify(value).length
    ).toBeLessThan(0.05);
  });

  it('stops early on an expansion of billions of characters', () => {
    const started = performance.now();
    const measure = measureJson(sharedExpansion(8, 20), 50_000); // 20^8 leaves
    expect(measure).toMatchObject({ ok: false, problem: 'too_large' });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a 50 MB string without copying it', () => {
    expect(measureJson({ text: 'x'.repeat(50_000_000) }, 1_000_000)).toMatchObject({
      ok: false,
      problem: 'too_large'
    });
  });

  it('passes the limit for a million small items', () => {
    expect(
      measureJson(
        Array.from({ length: 1_000_000 }, () => 'abcdefgh'),
        1_000
      )
    ).toMatchObject({ ok: false, problem: 'too_large' });
  });

  it('names a cycle, through an array or an object', () => {
    const a: Record<string, unknown> = { list: [] };
    (a.list as unknown[]).push(a);
    expect(measureJson(a, 1_000)).toMatchObject({ ok: false, problem: 'cyclic' });
    const b: Record<string, unknown> = {};
    b.self = b;
    expect(measureJson(b, 1_000)).toMatchObject({ ok: false, problem: 'cyclic' });
  });

  it('allows siblings that share an object (not a cycle)', () => {
    const shared = { x: 1 };
    expect(measureJson({ a: shared, b: shared }, 1_000)).toMatchObject({ ok: true });
  });

  it('refuses nesting deeper than the limit before JSON.stringify overflows the stack', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(measureJson(deep, 10_000_000)).toMatchObject({ ok: false, problem: 'too_deep' });
    let fine: unknown = 'end';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = [fine];
    expect(measureJson(fine, 10_000)).toMatchObject({ ok: true });
  });
});

describe('assertJsonWithin', () => {
  it('says what is wrong in words', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    expect(() => assertJsonWithin(cyclic, 100, 'The output of tool t')).toThrow(
      'The output of tool t refers to itself (a cycle), so it cannot be sent as JSON.'
    );
    expect(() => assertJsonWithin('x'.repeat(5_000), 1_000, 'The output of tool t')).toThrow(
      'The output of tool t is larger than 1 kB once written out as JSON.'
    );
    expect(assertJsonWithin({ a: 1 }, 100, 'x')).toBeGreaterThan(0);
  });
});

describe('formatSize', () => {
  it('says MB above a million characters', () => {
    expect(formatSize(52_400_000)).toBe('52.4 MB');
  });
});
