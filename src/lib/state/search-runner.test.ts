import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '$lib/search';
import { SearchRunner, type SearchCall, type SearchOutcome } from './search-runner';

const answer = (query: string): SearchResponse => ({ results: [], total: query.length, warnings: [] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(call: SearchCall = vi.fn((query: string) => Promise.resolve(answer(query)))) {
  const outcomes: SearchOutcome[] = [];
  const runner = new SearchRunner(call, (outcome) => outcomes.push(outcome), 150);
  return { runner, outcomes };
}

describe('SearchRunner', () => {
  it('searches once for a burst of keys, after the debounce', async () => {
    const call = vi.fn((query: string) => Promise.resolve(answer(query)));
    const { runner, outcomes } = setUp(call);
    runner.request('c');
    runner.request('ca');
    runner.request('cat');
    await vi.advanceTimersByTimeAsync(149);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toBe('cat');
    expect(outcomes).toEqual([{ query: 'cat', response: answer('cat') }]);
  });

  it('drops the answer of a query replaced while it was in flight, and aborts it', async () => {
    let release!: (r: SearchResponse) => void;
    const signals: AbortSignal[] = [];
    const call = vi.fn((query: string, signal: AbortSignal) => {
      signals.push(signal);
      return query === 'slow'
        ? new Promise<SearchResponse>((resolve) => (release = resolve))
        : Promise.resolve(answer(query));
    });
    const { runner, outcomes } = setUp(call);
    runner.request('slow');
    await vi.advanceTimersByTimeAsync(150);
    runner.request('fast');
    expect(signals[0].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    release(answer('slow'));
    await Promise.resolve();
    expect(outcomes.map((o) => o.query)).toEqual(['fast']);
  });

  it('does not search an empty query', async () => {
    const call = vi.fn((query: string) => Promise.resolve(answer(query)));
    const { runner } = setUp(call);
    runner.request('   ');
    await vi.advanceTimersByTimeAsync(500);
    expect(call).not.toHaveBeenCalled();
  });

  it('reports a failure of the latest query', async () => {
    const { runner, outcomes } = setUp(vi.fn(() => Promise.reject(new Error('worker down'))));
    runner.request('x');
    await vi.advanceTimersByTimeAsync(150);
    expect(outcomes).toEqual([{ query: 'x', error: new Error('worker down') }]);
  });

  it('searches the current query again at once on refresh', async () => {
    const call = vi.fn((query: string) => Promise.resolve(answer(query)));
    const { runner } = setUp(call);
    runner.request('dog');
    await vi.advanceTimersByTimeAsync(150);
    runner.refresh();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
