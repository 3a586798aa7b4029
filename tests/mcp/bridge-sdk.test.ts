import { afterEach, describe, expect, it } from 'vitest';
import {
  bridgeBase,
  connectHttpClient,
  startTestBridge,
  PAIRING_TOKEN,
  type BridgeHandle
} from './bridge-kit';
import { startNodeTab } from './node-tab';

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(switches: Record<string, boolean> = {}) {
  const bridge: BridgeHandle = await startTestBridge();
  cleanups.push(() => bridge.close());
  const tab = await startNodeTab(bridgeBase(bridge), PAIRING_TOKEN, switches);
  cleanups.push(() => tab.close());
  return { bridge, tab };
}

const WRITES = { create_note: true, update_note: true, delete_note: true };
const structured = (result: Record<string, unknown>) => result.structuredContent as Record<string, any>;

describe('bridge with the SDK client over Streamable HTTP', () => {
  it('lists the tools the tab allows', async () => {
    const { bridge } = await setup();
    const client = await connectHttpClient(bridge);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual([
      'search_notes',
      'semantic_search_notes',
      'read_note',
      'list_notebooks',
      'list_tags'
    ]);
  });

  it('creates, searches, reads, updates and trashes a note', async () => {
    const { bridge, tab } = await setup(WRITES);
    const client = await connectHttpClient(bridge);
    const created = structured(
      await client.callTool({
        name: 'create_note',
        arguments: { title: 'Bridge note', body: 'hello bridge' }
      })
    );
    const found = structured(await client.callTool({ name: 'search_notes', arguments: { query: 'bridge' } }));
    expect(found.results.map((r: { id: string }) => r.id)).toEqual([created.id]);
    await client.callTool({ name: 'update_note', arguments: { id: created.id, append: 'more' } });
    const read = structured(await client.callTool({ name: 'read_note', arguments: { id: created.id } }));
    expect(read.body).toBe('hello bridge\n\nmore');
    expect(structured(await client.callTool({ name: 'delete_note', arguments: { id: created.id } }))).toEqual(
      { id: created.id, trashed: true }
    );
    const stored = await tab.db.notes.get(created.id);
    expect(stored?.deleted_time).toBeGreaterThan(0);
  });

  it('serves several client sessions at once', async () => {
    const { bridge } = await setup();
    const clients = await Promise.all([1, 2, 3].map((n) => connectHttpClient(bridge, `c${n}`)));
    const lists = await Promise.all(clients.map((c) => c.listTools()));
    expect([lists.map((l) => l.tools.length), bridge.sessionCount]).toEqual([[5, 5, 5], 3]);
  });

  it('keeps a client session going across a tab reload', async () => {
    const { bridge, tab } = await setup();
    const client = await connectHttpClient(bridge);
    await tab.reload();
    expect((await client.listTools()).tools.length).toBe(5);
  });

  it('answers clearly while no tab is connected', async () => {
    const { bridge, tab } = await setup();
    const client = await connectHttpClient(bridge);
    tab.close();
    for (let i = 0; i < 50 && bridge.tabConnected; i++) await new Promise((r) => setTimeout(r, 10));
    await expect(client.listTools()).rejects.toThrow(/No Folio tab is connected/);
  });

  it('reads a note as a resource through the bridge', async () => {
    const { bridge } = await setup(WRITES);
    const client = await connectHttpClient(bridge);
    const created = structured(
      await client.callTool({ name: 'create_note', arguments: { title: 'R', body: '*md*' } })
    );
    const { contents } = await client.readResource({ uri: `folio://note/${created.id}` });
    expect(contents[0]).toMatchObject({ mimeType: 'text/markdown', text: '*md*' });
  });
});
