import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '$lib/rpc';
import { floodGuard } from './flood-guard';

describe('floodGuard', () => {
  it('passes a burst up to the limit and more as the bucket refills', () => {
    const [a] = createLinkedTransports();
    let t = 0;
    const guarded = floodGuard(
      a,
      () => {},
      { burst: 3, perSecond: 1 },
      () => t
    );
    const seen: unknown[] = [];
    guarded.onmessage = (m) => seen.push(m);
    for (let i = 0; i < 3; i++) a.onmessage!(i);
    t = 1_000;
    a.onmessage!(3);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('closes the transport and reports once when the bucket runs dry', () => {
    const [a] = createLinkedTransports();
    let floods = 0;
    let closed = false;
    const guarded = floodGuard(
      a,
      () => floods++,
      { burst: 3, perSecond: 1 },
      () => 0
    );
    guarded.onclose = () => (closed = true);
    const seen: unknown[] = [];
    guarded.onmessage = (m) => seen.push(m);
    for (let i = 0; i < 10; i++) a.onmessage!(i);
    expect({ seen, floods, closed }).toEqual({ seen: [0, 1, 2], floods: 1, closed: true });
  });

  it('stops a steady stream faster than the rate', () => {
    const [a] = createLinkedTransports();
    let t = 0;
    let floods = 0;
    const guarded = floodGuard(
      a,
      () => floods++,
      { burst: 500, perSecond: 100 },
      () => t
    );
    let passed = 0;
    guarded.onmessage = () => passed++;
    for (let i = 0; i < 10_000 && !floods; i++, t += 1) a.onmessage!(i); // 1,000 a second
    expect({ floods, stoppedEarly: passed < 600 }).toEqual({ floods: 1, stoppedEarly: true });
  });
});
