import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacedRefresh } from './paced-refresh';

describe('pacedRefresh', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  /** A read that takes `ms` and answers 0, 1, 2, …; `starts` records when each began. */
  function slowRead(ms: number) {
    let n = 0;
    const starts: number[] = [];
    const read = () => {
      starts.push(performance.now());
      if (!ms) return Promise.resolve(n++);
      return new Promise<number>((resolve) => setTimeout(() => resolve(n++), ms));
    };
    return { read, starts };
  }

  it('reads at once, then pauses so that reading takes at most its share of the time', async () => {
    const { read, starts } = slowRead(100);
    const values: number[] = [];
    const stop = pacedRefresh(
      read,
      (v) => values.push(v),
      () => {},
      { share: 0.05, minGapMs: 10 }
    );
    await vi.advanceTimersByTimeAsync(150);
    expect(values).toEqual([0]);
    // 100 ms of reading is followed by 1,900 ms of rest (5 %).
    await vi.advanceTimersByTimeAsync(1_900);
    expect(values).toEqual([0]);
    await vi.advanceTimersByTimeAsync(100);
    expect(values).toEqual([0, 1]);
    expect(starts).toEqual([0, 2_000]);
    stop();
  });

  it('never reads more often than the least gap, however fast the read', async () => {
    const { read, starts } = slowRead(0);
    const stop = pacedRefresh(
      read,
      () => {},
      () => {},
      { minGapMs: 1_000 }
    );
    await vi.advanceTimersByTimeAsync(3_500);
    expect(starts).toEqual([0, 1_000, 2_000, 3_000]);
    stop();
  });

  it('waits the least gap before the first read when asked to', async () => {
    const { read, starts } = slowRead(0);
    const stop = pacedRefresh(
      read,
      () => {},
      () => {},
      { minGapMs: 1_000, delayFirst: true }
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([1_000]);
    stop();
  });

  it('reports a failed read and goes on reading', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const values: number[] = [];
    const stop = pacedRefresh(
      async () => {
        if (calls++ === 0) throw new Error('busy');
        return calls;
      },
      (v) => values.push(v),
      (e) => errors.push(e),
      { minGapMs: 100 }
    );
    await vi.advanceTimersByTimeAsync(150);
    expect(errors).toEqual([new Error('busy')]);
    expect(values).toEqual([2]);
    stop();
  });

  it('stops: a read in flight delivers nothing and no other read starts', async () => {
    const { read, starts } = slowRead(100);
    const values: number[] = [];
    const stop = pacedRefresh(
      read,
      (v) => values.push(v),
      () => {},
      { minGapMs: 10 }
    );
    await vi.advanceTimersByTimeAsync(50);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(values).toEqual([]);
    expect(starts).toEqual([0]);
  });
});
