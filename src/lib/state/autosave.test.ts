import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '$lib/core';
import { Autosaver, saveStatusText, type SaveStatus } from './autosave';

type Patch = { title?: string; body?: string };

function setup(save: (p: Patch) => Promise<void>) {
  const statuses: SaveStatus[] = [];
  const saver = new Autosaver<Patch>({ save, onStatus: (s) => statuses.push(s), debounceMs: 500 });
  return { saver, statuses };
}

describe('Autosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after the debounce window, with the edits merged', async () => {
    const save = vi.fn(async () => {});
    const { saver } = setup(save);
    saver.edit({ title: 'a' });
    saver.edit({ body: 'b' });
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith({ title: 'a', body: 'b' });
  });

  it('saves during continuous typing at least every max wait', async () => {
    const save = vi.fn(async () => {});
    const statuses: SaveStatus[] = [];
    const saver = new Autosaver<Patch>({
      save,
      onStatus: (s) => statuses.push(s),
      debounceMs: 500,
      maxWaitMs: 2000
    });
    for (let t = 0; t < 2100; t += 100) {
      saver.edit({ body: `at ${t}` });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ body: 'at 1900' });
  });

  it('saves at once on flush', async () => {
    const save = vi.fn(async () => {});
    const { saver, statuses } = setup(save);
    saver.edit({ title: 'x' });
    await saver.flush();
    expect(save).toHaveBeenCalledWith({ title: 'x' });
    expect(statuses.at(-1)).toEqual({ kind: 'saved' });
    expect(saver.dirty).toBe(false);
  });

  it('keeps a failed edit, reports it and retries it', async () => {
    const save = vi
      .fn<(p: Patch) => Promise<void>>()
      .mockRejectedValueOnce(new AppError('storage_full', 'Disk full.'))
      .mockResolvedValue();
    const { saver, statuses } = setup(save);
    saver.edit({ body: 'keep me' });
    await saver.flush();
    expect(statuses.at(-1)).toEqual({ kind: 'failed', reason: 'Disk full.', retrying: true });
    expect(saver.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenLastCalledWith({ body: 'keep me' });
    expect(statuses.at(-1)).toEqual({ kind: 'saved' });
  });

  it('lets edits made after a failure win over the failed ones', async () => {
    const save = vi
      .fn<(p: Patch) => Promise<void>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue();
    const { saver } = setup(save);
    saver.edit({ title: 'old', body: 'b' });
    await saver.flush();
    saver.edit({ title: 'new' });
    await saver.flush();
    expect(save).toHaveBeenLastCalledWith({ title: 'new', body: 'b' });
  });

  it('does not retry when the note is gone', async () => {
    const save = vi
      .fn<(p: Patch) => Promise<void>>()
      .mockRejectedValue(new AppError('not_found', 'No note.'));
    const { saver, statuses } = setup(save);
    saver.edit({ title: 't' });
    await saver.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual({ kind: 'failed', reason: 'No note.', retrying: false });
  });

  it('waits for a save in flight before saving newer edits', async () => {
    const order: string[] = [];
    let release!: () => void;
    const save = vi.fn(async (p: Patch) => {
      order.push(`start ${p.title}`);
      if (p.title === '1') await new Promise<void>((r) => (release = r));
      order.push(`end ${p.title}`);
    });
    const { saver } = setup(save);
    saver.edit({ title: '1' });
    const first = saver.flush();
    saver.edit({ title: '2' });
    const second = saver.flush();
    await Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });
});

describe('Autosaver.unsaved', () => {
  it('includes the save in flight and newer edits', async () => {
    let release!: () => void;
    const save = vi.fn(() => new Promise<void>((r) => (release = r)));
    const { saver } = setup(save);
    saver.edit({ title: 't', body: 'old' });
    const flushing = saver.flush();
    saver.edit({ body: 'new' });
    expect(saver.unsaved()).toEqual({ title: 't', body: 'new' });
    release();
    await flushing;
    expect(saver.unsaved()).toEqual({ body: 'new' });
  });
});

describe('saveStatusText', () => {
  it('says why a save failed and that it is retried', () => {
    expect(saveStatusText({ kind: 'failed', reason: 'Disk full.', retrying: true })).toBe(
      'Not saved: Disk full. — retrying'
    );
  });
});
