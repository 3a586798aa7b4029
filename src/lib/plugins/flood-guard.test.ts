import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '$lib/rpc';
import { floodGuard } from './flood-guard';

describe('floodGuard', () => {
  it('passes messages under the limit', () => {
    const [a] = createLinkedTransports();
    let t = 0;
    const guarded = floodGuard(a, () => {}, 3, () => t);
    const seen: unknown[] = [];
    guarded.onmessage = (m) => seen.push(m);
    for (let i = 0; i < 3; i++) a.onmessage!(i);
    t = 1_500;
    a.onmessage!(3);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('closes the transport and reports once past the limit', () => {
    const [a] = createLinkedTransports();
    let floods = 0;
    let closed = false;
    const guarded = floodGuard(a, () => floods++, 3, () => 0);
    guarded.onclose = () => (closed = true);
    const seen: unknown[] = [];
    guarded.onmessage = (m) => seen.push(m);
    for (let i = 0; i < 10; i++) a.onmessage!(i);
    expect({ seen, floods, closed }).toEqual({ seen: [0, 1, 2], floods: 1, closed: true });
  });
});
