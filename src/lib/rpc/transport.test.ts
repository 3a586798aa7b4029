import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from './transport';

function nextMessage(transport: { onmessage?: (m: unknown) => void }): Promise<unknown> {
  return new Promise((resolve) => (transport.onmessage = resolve));
}

describe('messagePortTransport', () => {
  it('delivers a message to the other end', async () => {
    const [a, b] = createLinkedTransports();
    const received = nextMessage(b);
    a.send({ hello: 'world' });
    await expect(received).resolves.toEqual({ hello: 'world' });
    a.close();
  });

  it('closes the other end when one end closes', async () => {
    const [a, b] = createLinkedTransports();
    const closed = new Promise<void>((resolve) => (b.onclose = resolve));
    a.close();
    await closed;
    expect(() => b.send('late')).toThrow('Cannot send on a closed transport');
  });

  it('fires onclose once however often close is called', () => {
    const [a, b] = createLinkedTransports();
    let count = 0;
    a.onclose = () => count++;
    a.close();
    a.close();
    expect(count).toBe(1);
    b.close();
  });
});
