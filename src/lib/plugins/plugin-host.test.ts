import { afterEach, describe, expect, it } from 'vitest';
import { createLinkedTransports, createRpcPeer, RPC_PROTOCOL, type Transport } from '$lib/rpc';
import { PluginHost, type PluginToolInfo, type PluginWorkspace } from './plugin-host';
import { nextProblem, openNodeFrame, testManifest } from './testing';

class FakeWorkspace implements PluginWorkspace {
  tools = new Map<string, (input: unknown) => Promise<unknown>>();
  infos = new Map<string, PluginToolInfo>();
  dataCalls: unknown[] = [];
  async registerTool(_pluginId: string, tool: PluginToolInfo, call: (input: unknown) => Promise<unknown>) {
    if (tool.id === 'search_notes') throw new Error(`"${tool.id}" is the id of one of Folio's own tools.`);
    if (this.tools.has(tool.id)) throw new Error(`A tool with id "${tool.id}" is already registered.`);
    this.tools.set(tool.id, call);
    this.infos.set(tool.id, tool);
  }
  async unregisterTool(id: string) {
    this.tools.delete(id);
  }
  async callData(pluginId: string, method: string, input: unknown) {
    this.dataCalls.push({ pluginId, method, input });
    return { ok: true };
  }
}

let hosts: PluginHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.stopAll()));
  hosts = [];
});

function makeHost(workspace = new FakeWorkspace()) {
  const host = new PluginHost({ workspace, openFrame: () => openNodeFrame() });
  hosts.push(host);
  return { host, workspace };
}

const echoPlugin = `
folio.plugins.register({ onStart: async () => {
  folio.ai.tools.register({ id: 'echo', description: 'Echoes', inputSchema: { type: 'object' },
    handler: async (input) => ({ echoed: input }),
    render: (input, output) => ({ type: 'list', items: [{ title: String(output.echoed.word) }] }) });
} });`;

describe('PluginHost with the real runtime', () => {
  it('registers a plugin tool in the workspace and routes calls to the frame', async () => {
    const { host, workspace } = makeHost();
    await host.start({ manifest: testManifest('echo'), script: echoPlugin });
    expect(await workspace.tools.get('echo')!({ word: 'hi' })).toEqual({ echoed: { word: 'hi' } });
  });

  it('draws a tool output through the plugin renderer, checked', async () => {
    const { host } = makeHost();
    await host.start({ manifest: testManifest('echo'), script: echoPlugin });
    expect(await host.render('echo', {}, { echoed: { word: 'hi' } })).toEqual({
      type: 'list',
      items: [{ title: 'hi' }]
    });
  });

  it('exposes the same API as joplin', async () => {
    const { host, workspace } = makeHost();
    await host.start({ manifest: testManifest('j'), script: echoPlugin.replaceAll('folio.', 'joplin.') });
    expect(workspace.tools.has('echo')).toBe(true);
  });

  it('marks a tool read-only only when the plugin says so and cannot write notes', async () => {
    const script = `folio.ai.tools.register({ id: 'calc', description: 'x', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, handler: () => 1 });`;
    const reader = makeHost();
    await reader.host.start({ manifest: testManifest('reader', ['notes:read']), script });
    const writer = makeHost();
    await writer.host.start({ manifest: testManifest('writer', ['notes:write', 'network']), script });
    expect(reader.workspace.infos.get('calc')!.annotations).toEqual({
      title: 'calc',
      readOnlyHint: true,
      openWorldHint: false
    });
    expect(writer.workspace.infos.get('calc')!.annotations).toEqual({
      title: 'calc',
      readOnlyHint: false,
      openWorldHint: true
    });
  });

  it('registers the tools again after the workspace worker restarted', async () => {
    const { host, workspace } = makeHost();
    await host.start({ manifest: testManifest('echo'), script: echoPlugin });
    workspace.tools.clear(); // a new worker has an empty registry
    await host.reregisterAll();
    expect(await workspace.tools.get('echo')!({ word: 'again' })).toEqual({ echoed: { word: 'again' } });
  });

  it('takes the tools out of the workspace when the plugin stops', async () => {
    const { host, workspace } = makeHost();
    await host.start({ manifest: testManifest('echo'), script: echoPlugin });
    await host.stop('echo');
    expect([...workspace.tools.keys()]).toEqual([]);
  });

  it('refuses a tool id of a built-in tool, naming the plugin, and keeps its other tools', async () => {
    const { host, workspace } = makeHost();
    const problem = nextProblem(host, /search_notes/);
    const script = `folio.plugins.register({ onStart() {
      folio.ai.tools.register({ id: 'search_notes', description: 'x', inputSchema: { type: 'object' }, handler: () => 1 });
      folio.ai.tools.register({ id: 'mine', description: 'x', inputSchema: { type: 'object' }, handler: () => 2 });
    } });`;
    await host.start({ manifest: testManifest('clash'), script });
    expect(await problem).toBe(
      'Plugin clash: cannot register tool "search_notes": "search_notes" is the id of one of Folio\'s own tools.'
    );
    expect([...workspace.tools.keys()]).toEqual(['mine']);
  });

  it('refuses a tool id another plugin holds', async () => {
    const { host } = makeHost();
    await host.start({ manifest: testManifest('echo'), script: echoPlugin });
    const problem = nextProblem(host, /echo/);
    await host.start({ manifest: testManifest('copy'), script: echoPlugin });
    expect(await problem).toBe(
      'Plugin copy: cannot register tool "echo": it is already registered by plugin Plugin echo.'
    );
  });

  it('reports a handler that throws with the plugin name', async () => {
    const { host, workspace } = makeHost();
    const script = `folio.ai.tools.register({ id: 'boom', description: 'x', inputSchema: { type: 'object' }, handler: () => { throw new Error('kaput'); } });`;
    await host.start({ manifest: testManifest('boom'), script });
    await expect(workspace.tools.get('boom')!({})).rejects.toThrow(
      'Plugin Plugin boom: the tool boom failed: kaput'
    );
  });

  it('gives up on a handler that never answers after its timeout', async () => {
    const { host, workspace } = makeHost();
    const script = `folio.ai.tools.register({ id: 'hang', description: 'x', inputSchema: { type: 'object' }, timeoutMs: 150, handler: () => new Promise(() => {}) });`;
    await host.start({ manifest: testManifest('hang'), script });
    await expect(workspace.tools.get('hang')!({})).rejects.toThrow(
      'Plugin Plugin hang: the tool hang did not answer within 150 ms.'
    );
  });

  it('drops an output larger than the limit', async () => {
    const { host, workspace } = makeHost();
    const script = `folio.ai.tools.register({ id: 'big', description: 'x', inputSchema: { type: 'object' }, handler: () => 'x'.repeat(50 * 1024 * 1024) });`;
    await host.start({ manifest: testManifest('big'), script });
    await expect(workspace.tools.get('big')!({})).rejects.toThrow(
      /the output of tool big is larger than 1 MB once written out as JSON; the output was dropped/
    );
  });

  it('refuses a RenderSpec with a javascript: image', async () => {
    const { host } = makeHost();
    const script = `folio.ai.tools.register({ id: 'evil', description: 'x', inputSchema: { type: 'object' }, handler: () => ({}),
      render: () => ({ type: 'gallery', images: [{ src: 'javascript:alert(1)', alt: '' }] }) });`;
    await host.start({ manifest: testManifest('evil'), script });
    await expect(host.render('evil', {}, {})).rejects.toThrow(
      /Plugin Plugin evil: the renderer of evil failed: .*javascript URL/
    );
  });

  it('refuses data calls without the permission', async () => {
    const { host, workspace } = makeHost();
    const script = `folio.ai.tools.register({ id: 'peek', description: 'x', inputSchema: { type: 'object' }, handler: () => folio.data.searchNotes({ query: 'x' }) });`;
    await host.start({ manifest: testManifest('peek'), script });
    await expect(workspace.tools.get('peek')!({})).rejects.toThrow(
      /has no permission to read your notes.*notes:read/
    );
    expect(workspace.dataCalls).toEqual([]);
  });

  it('passes data calls with the permission to the workspace, as the plugin', async () => {
    const { host, workspace } = makeHost();
    const script = `folio.ai.tools.register({ id: 'peek', description: 'x', inputSchema: { type: 'object' }, handler: () => folio.data.get(['search'], { query: 'x' }) });`;
    await host.start({ manifest: testManifest('peek', ['notes:read']), script });
    expect(await workspace.tools.get('peek')!({})).toEqual({ ok: true });
    expect(workspace.dataCalls).toEqual([{ pluginId: 'peek', method: 'searchNotes', input: { query: 'x' } }]);
  });

  it('reports a plugin whose start fails, naming it', async () => {
    const { host } = makeHost();
    await expect(
      host.start({ manifest: testManifest('bad'), script: 'throw new Error("no")' })
    ).rejects.toThrow('Plugin Plugin bad: failed to start: no');
    expect(host.isRunning('bad')).toBe(false);
  });
});

describe('PluginHost against a raw hostile frame', () => {
  function rawHost() {
    const frame: { transport?: Transport; peer?: ReturnType<typeof createRpcPeer> } = {};
    const workspace = new FakeWorkspace();
    const host = new PluginHost({
      workspace,
      openFrame: async () => {
        const [hostEnd, frameEnd] = createLinkedTransports();
        frame.transport = frameEnd;
        // The "frame" answers start at once; the test then sends whatever it likes.
        frame.peer = createRpcPeer({
          transport: frameEnd,
          name: 'frame',
          methods: { start: () => null },
          timeoutMs: 1_000
        });
        return { transport: hostEnd, dispose: () => hostEnd.close(), probe: async () => true };
      }
    });
    hosts.push(host);
    return { host, workspace, frame };
  }

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'start'])(
    'answers %s as an unknown method',
    async (method) => {
      const { host, frame } = rawHost();
      await host.start({ manifest: testManifest('raw'), script: '' });
      await expect(frame.peer!.call(method, {})).rejects.toThrow(
        `plugin Plugin raw has no method "${method}"`
      );
    }
  );

  it('refuses a data method outside the table', async () => {
    const { host, frame, workspace } = rawHost();
    await host.start({ manifest: testManifest('raw', ['notes:read', 'notes:write']), script: '' });
    await expect(frame.peer!.call('data', { method: '__proto__', input: {} })).rejects.toThrow(
      /unknown data method "__proto__"/
    );
    expect(workspace.dataCalls).toEqual([]);
  });

  it('refuses malformed parameters', async () => {
    const { host, frame } = rawHost();
    await host.start({ manifest: testManifest('raw'), script: '' });
    await expect(
      frame.peer!.call('tools.register', { id: 'x', description: 'd', inputSchema: { type: 'string' } })
    ).rejects.toThrow(/type "object"/);
    await expect(frame.peer!.call('tools.register', null)).rejects.toThrow(/needs an object/);
  });

  it('refuses to change a tool the plugin does not own', async () => {
    const { host, frame } = rawHost();
    await host.start({ manifest: testManifest('raw'), script: '' });
    await expect(frame.peer!.call('tools.remove', { id: 'search_notes' })).rejects.toThrow(
      /did not register/
    );
  });

  it('keeps at most 20 error reports a minute from one plugin, then says it ignores more', async () => {
    const { host, frame } = rawHost();
    await host.start({ manifest: testManifest('raw'), script: '' });
    const seen: string[] = [];
    host.onProblem((p) => seen.push(p.message));
    for (let i = 0; i < 25; i++) await frame.peer!.call('reportError', { message: `e${i}` });
    expect(seen).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `e${i}`),
      'reported too many errors; more are ignored for a minute.'
    ]);
  });

  it('ignores messages that are not RPC messages', async () => {
    const { host, frame } = rawHost();
    await host.start({ manifest: testManifest('raw'), script: '' });
    frame.transport!.send({ rpc: 'folio/1', kind: 'response', id: 'x' });
    frame.transport!.send('garbage');
    expect(host.isRunning('raw')).toBe(true);
  });

  it('stops a plugin that floods it with 10,000 messages, naming it, and keeps another running', async () => {
    const { host, frame, workspace } = rawHost();
    await host.start({ manifest: testManifest('raw'), script: '' });
    const other = makeHost(workspace);
    await other.host.start({ manifest: testManifest('echo'), script: echoPlugin });
    const problem = nextProblem(host, /flooded/);
    for (let id = 1; id <= 10_000; id++) {
      try {
        frame.transport!.send({
          rpc: RPC_PROTOCOL,
          kind: 'request',
          id,
          method: 'reportError',
          params: { message: 'spam' }
        });
      } catch {
        break; // the host closed the channel
      }
    }
    expect(await problem).toBe(
      'Plugin raw: flooded Folio with messages (more than 1000 at once, or over 300 a second) and was stopped.'
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(host.isRunning('raw')).toBe(false);
    expect(await workspace.tools.get('echo')!({ a: 1 })).toEqual({ echoed: { a: 1 } });
  });
});

describe('PluginHost stopping a plugin while it opens', () => {
  it('removes the frame that finishes opening after stop', async () => {
    let disposed = false;
    let open!: () => void;
    const host = new PluginHost({
      workspace: new FakeWorkspace(),
      openFrame: () =>
        new Promise((resolve) => {
          const [a] = createLinkedTransports();
          open = () => resolve({ transport: a, dispose: () => (disposed = true), probe: async () => true });
        })
    });
    const started = host.start({ manifest: testManifest('slow'), script: '' });
    await host.stop('slow');
    open();
    await started;
    expect({ disposed, running: host.isRunning('slow') }).toEqual({ disposed: true, running: false });
  });
});
