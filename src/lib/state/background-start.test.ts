import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundStart } from './background-start';

describe('BackgroundStart', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not run a task before the delay', () => {
    const task = vi.fn();
    const start = new BackgroundStart();
    start.add(task);
    start.schedule(2_000);
    vi.advanceTimersByTime(1_999);
    expect(task).not.toHaveBeenCalled();
  });

  it('runs each task once after the delay', () => {
    const task = vi.fn();
    const start = new BackgroundStart();
    start.add(task);
    start.schedule(2_000);
    vi.advanceTimersByTime(5_000);
    start.now();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the tasks at once, in the order added, when asked before the delay', () => {
    const order: string[] = [];
    const start = new BackgroundStart();
    start.add(() => order.push('worker'));
    start.add(() => order.push('service worker'));
    start.schedule(2_000);
    start.now();
    vi.advanceTimersByTime(5_000);
    expect(order).toEqual(['worker', 'service worker']);
  });

  it('runs a task added after the start at once', () => {
    const task = vi.fn();
    const start = new BackgroundStart();
    start.now();
    start.add(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run a dropped task', () => {
    const task = vi.fn();
    const start = new BackgroundStart();
    start.add(task)();
    start.now();
    expect(task).not.toHaveBeenCalled();
  });

  it('does not start on its own once the schedule is cancelled', () => {
    const task = vi.fn();
    const start = new BackgroundStart();
    start.add(task);
    start.schedule(2_000)();
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled();
  });
});
