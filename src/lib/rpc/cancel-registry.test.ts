import { describe, expect, it } from 'vitest';
import { createCancelRegistry } from './cancel-registry';

describe('createCancelRegistry', () => {
  it('aborts the signal of a running call when it is cancelled', () => {
    const registry = createCancelRegistry();
    const signal = registry.signal('a');
    expect(registry.cancel('a')).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ code: 'aborted' });
  });

  it('leaves other calls running', () => {
    const registry = createCancelRegistry();
    const other = registry.signal('b');
    registry.signal('a');
    registry.cancel('a');
    expect(other.aborted).toBe(false);
  });

  it('starts a call already aborted when its cancel arrived first', () => {
    const registry = createCancelRegistry();
    expect(registry.cancel('early')).toBe(false);
    expect(registry.signal('early').aborted).toBe(true);
  });

  it('forgets a released call', () => {
    const registry = createCancelRegistry();
    registry.signal('a');
    registry.release('a');
    expect(registry.cancel('a')).toBe(false);
  });
});
