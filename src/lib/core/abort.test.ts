import { describe, expect, it } from 'vitest';
import { raceAbort } from './abort';

const stopped = () => new Error('Stopped.');

describe('raceAbort', () => {
  it('settles with the promise when there is no signal', async () => {
    await expect(raceAbort(Promise.resolve(1), undefined, stopped)).resolves.toBe(1);
  });

  it('passes the value and the rejection of a promise that wins', async () => {
    const signal = new AbortController().signal;
    await expect(raceAbort(Promise.resolve('ok'), signal, stopped)).resolves.toBe('ok');
    await expect(raceAbort(Promise.reject(new Error('boom')), signal, stopped)).rejects.toThrow('boom');
  });

  it('rejects at once with the given error when the signal aborts first', async () => {
    const controller = new AbortController();
    const never = new Promise<never>(() => {});
    const raced = raceAbort(never, controller.signal, stopped);
    controller.abort();
    await expect(raced).rejects.toThrow('Stopped.');
  });

  it('rejects without waiting when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let settled = false;
    const late = new Promise<void>((_, reject) => setTimeout(() => reject(new Error('late')), 5));
    const raced = raceAbort(late, controller.signal, stopped).finally(() => (settled = true));
    await expect(raced).rejects.toThrow('Stopped.');
    expect(settled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the loser's rejection stays handled
  });

  it('stops listening once the promise settles', async () => {
    const controller = new AbortController();
    let listeners = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => (
      listeners++,
      add(...args)
    )) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => (
      listeners--,
      remove(...args)
    )) as typeof remove;
    await raceAbort(Promise.resolve(1), signal, stopped);
    expect(listeners).toBe(0);
  });
});
