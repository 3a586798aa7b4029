import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SYNC_AFTER_CHANGE_MS,
  SYNC_INTERVAL_MS,
  SYNC_RETRY_DELAYS_MS,
  SyncScheduler,
  type RunResult
} from './sync-scheduler';

function setUp(results: RunResult[] = []) {
  let online = true;
  const runs: number[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const scheduler = new SyncScheduler({
    run: async () => {
      runs.push(Date.now());
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return results.shift() ?? 'ok';
    },
    online: () => online,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>)
  });
  return {
    scheduler,
    runs,
    setOnline: (v: boolean) => (online = v),
    holdRuns: () => (hold = true),
    releaseRun: () => release?.()
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SyncScheduler', () => {
  it('syncs at start, then on an interval', async () => {
    const { scheduler, runs } = setUp();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS);
    expect(runs).toHaveLength(2);
  });

  it('syncs a few seconds after a change, once for a burst of changes', async () => {
    const { scheduler, runs } = setUp();
    scheduler.start(SYNC_INTERVAL_MS);
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.changed();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(SYNC_AFTER_CHANGE_MS);
    expect(runs).toHaveLength(1);
  });

  it('waits while offline and syncs when back online', async () => {
    const { scheduler, runs, setOnline } = setUp();
    setOnline(false);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS * 2);
    expect(runs).toHaveLength(0);
    setOnline(true);
    scheduler.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
  });

  it('retries a transient failure with growing pauses, and not one that needs the user', async () => {
    const { scheduler, runs } = setUp(['retry', 'retry', 'wait']);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(SYNC_RETRY_DELAYS_MS[0]);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SYNC_RETRY_DELAYS_MS[1] - 1);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(SYNC_INTERVAL_MS * 3);
    expect(runs).toHaveLength(3);
  });

  it('never runs two syncs at once; a request during a run makes one more run', async () => {
    const { scheduler, runs, holdRuns, releaseRun } = setUp();
    holdRuns();
    const first = scheduler.runNow();
    await vi.advanceTimersByTimeAsync(0);
    void scheduler.runNow();
    void scheduler.runNow();
    expect(runs).toHaveLength(1);
    releaseRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    releaseRun();
    await first;
    expect(runs).toHaveLength(2);
  });
});
