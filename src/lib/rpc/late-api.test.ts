import { describe, expect, it } from 'vitest';
import { lateBoundApi } from './late-api';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('lateBoundApi', () => {
  it('answers the early methods at once and the others once the later API exists', async () => {
    const later = deferred<object>();
    const api = lateBoundApi({ ping: () => 'pong' }, later.promise) as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    expect(api.ping()).toBe('pong');
    let answered: unknown;
    const pending = Promise.resolve(api.add(2, 3)).then((value) => (answered = value));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBeUndefined();
    later.resolve({ add: (a: number, b: number) => a + b, ping: () => 'later pong' });
    await pending;
    expect(answered).toBe(5);
    expect(api.ping()).toBe('pong');
  });

  it('rejects the later methods with the reason the later API failed, and names an unknown method', async () => {
    const failing = lateBoundApi({}, Promise.reject(new Error('no tools'))) as Record<
      string,
      () => Promise<unknown>
    >;
    await expect(failing.anything()).rejects.toThrow('no tools');
    const built = lateBoundApi({}, Promise.resolve({})) as Record<string, () => Promise<unknown>>;
    await expect(built.missing()).rejects.toThrow(/no method missing/);
  });

  it('is not taken for a promise', async () => {
    const api = lateBoundApi({ ping: () => 'pong' }, new Promise(() => {}));
    expect(await Promise.resolve(api)).toBe(api);
  });
});
