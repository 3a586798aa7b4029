// The host against plugins that hang, crash, lie about sizes or register too much.
import { afterEach, describe, expect, it } from 'vitest';
import { createLinkedTransports, createRpcPeer } from '$lib/rpc';
import { PluginHost, type PluginToolInfo, type PluginWorkspace } from './plugin-host';
import { MAX_TOOLS_PER_PLUGIN } from './plugin-limits';
import { openNodeFrame, testManifest, type NodeFrame } from './testing';

class Workspace implements PluginWorkspace {
  tools = new Map<string, (input: unknown) => Promise<unknown>>();
  infos = new Map<string, PluginToolInfo>();
  async registerTool(_pluginId: string, tool: PluginToolInfo, call: (input: unknown) => Promise<unknown>) {
    this.tools.set(tool.id, call);
    this.infos.set(tool.id, tool);
  }
  async unregisterTool(id: string) {
    this.tools.delete(id);
  }
  async callData() {
    return { ok: true };
  }
}

const hosts: PluginHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.stopAll()));
});

function makeHost(
  openFrame?: () => Promise<NodeFrame>,
  floodLimit?: { burst: number; perSecond: number },
  timeoutMs = 150
) {
  const workspace = new Workspace();
  const frames: NodeFrame[] = [];
  const problems: string[] = [];
  const host = new PluginHost({
    workspace,
    openFrame: async () => {
      const frame = await (openFrame ?? (() => openNodeFrame()))();
      frames.push(frame);
      return frame;
    },
    watchdog: { intervalMs: 20, timeoutMs },
    floodLimit
  });
  host.onProblem((p) => problems.push(`${p.pluginName}: ${p.message}`));
  hosts.push(host);
  return { host, workspace, frames, problems };
}

const until = async (condition: () => boolean, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const tool = (id: string, handler: string) =>
  `folio.ai.tools.register({ id: '${id}', description: 'd', inputSchema: { type: 'object' }, handler: ${handler} });`;

describe('PluginHost limits', () => {
  it('refuses an output that a shared object expands past the cap, naming the plugin', async () => {
    const { host, workspace } = makeHost();
    const script = tool(
      'expand',
      `() => { let n = { leaf: 'x'.repeat(30) }; for (let i = 0; i < 6; i++) n = Array.from({ length: 12 }, () => n); return n; }`
    );
    await host.start({ manifest: testManifest('expand'), script });
    await expect(workspace.tools.get('expand')!({})).rejects.toThrow(
      'Plugin Plugin expand: the output of tool expand is larger than 1 MB once written out as JSON; the output was dropped.'
    );
  });

  it('names the plugin when its output is cyclic', async () => {
    const { host, workspace } = makeHost();
    await host.start({
      manifest: testManifest('cycle'),
      script: tool('cycle', `() => { const a = { b: [] }; a.b.push(a); return a; }`)
    });
    await expect(workspace.tools.get('cycle')!({})).rejects.toThrow(
      'Plugin Plugin cycle: the output of tool cycle refers to itself (a cycle), so it cannot be sent as JSON; the output was dropped.'
    );
  });

  it('refuses an input schema that a shared object expands past the cap', async () => {
    const { host, workspace, problems } = makeHost();
    const script = `let p = { type: 'string', description: 'x'.repeat(40) }; for (let i = 0; i < 5; i++) { const q = {}; for (let k = 0; k < 8; k++) q['k' + k] = p; p = { type: 'object', properties: q }; }
      folio.ai.tools.register({ id: 'schema_bomb', description: 'd', inputSchema: { type: 'object', properties: { a: p } }, handler: () => 1 });`;
    await host.start({ manifest: testManifest('bomb'), script });
    expect(workspace.tools.has('schema_bomb')).toBe(false);
    expect(problems.join('\n')).toMatch(
      /The inputSchema of tool schema_bomb is larger than 50 kB once written out as JSON/
    );
  });

  it(`registers at most ${MAX_TOOLS_PER_PLUGIN} tools of a plugin that asks for 5,000, and reports it once`, async () => {
    // The flood guard allows more here: this test is about the cap, not the message rate.
    const { host, workspace, problems } = makeHost(undefined, { burst: 20_000, perSecond: 20_000 }, 10_000);
    const script = `folio.plugins.register({ onStart: async () => { for (let i = 0; i < 5000; i++) { folio.ai.tools.register({ id: 't' + i, description: 'd', inputSchema: { type: 'object' }, handler: () => 1 }); if (i % 200 === 199) await new Promise((r) => setTimeout(r, 5)); } } });`;
    await host.start({ manifest: testManifest('many'), script });
    expect(workspace.tools.size).toBe(MAX_TOOLS_PER_PLUGIN);
    expect(problems.filter((p) => p.includes('at most 32 tools'))).toEqual([
      'Plugin many: cannot register tool "t32": a plugin may register at most 32 tools; it was refused, and so will be any further tool, without another message.'
    ]);
  }, 20_000);
});

describe('PluginHost watchdog', () => {
  it('stops a plugin that no longer answers its heartbeat while its frame is alive, and says why', async () => {
    // A frame whose runtime serves start but never the heartbeat: the host sees a busy plugin.
    const { host } = makeHost(async () => {
      const [hostEnd, frameEnd] = createLinkedTransports();
      createRpcPeer({
        transport: frameEnd,
        name: 'frame',
        timeoutMs: 1_000,
        methods: { start: () => null, ping: () => new Promise(() => {}) }
      });
      return {
        transport: hostEnd,
        dispose: () => hostEnd.close(),
        probe: async () => true,
        frameGlobal: {},
        crash: () => {}
      };
    });
    await host.start({ manifest: testManifest('spin'), script: '' });
    await until(() => !host.isRunning('spin'));
    expect(host.stopReason('spin')).toBe(
      'not responding: its code ran for more than 150 ms without a break.'
    );
  });

  it('stops the plugin that was busy when the shared sandbox crashed, and restarts the others', async () => {
    // A longer heartbeat deadline than the other tests: a loaded machine must not look like a crash.
    const { host, workspace, frames, problems } = makeHost(undefined, undefined, 2_000);
    await host.start({ manifest: testManifest('bomb'), script: tool('bomb', '() => new Promise(() => {})') });
    await host.start({ manifest: testManifest('calm'), script: tool('calm', '() => "ok"') });
    const call = workspace.tools.get('bomb')!({}).catch((error: Error) => error.message);
    await new Promise((r) => setTimeout(r, 30));
    for (const frame of frames) frame.crash();
    await until(
      () => host.stopReason('bomb') !== undefined && frames.length === 3 && workspace.tools.has('calm')
    );
    expect(host.stopReason('bomb')).toBe(
      'its sandbox crashed, most likely out of memory, while running the tool bomb.'
    );
    expect(await call).toMatch(
      /the tool bomb could not finish: the plugin was stopped \(its sandbox crashed/
    );
    expect(problems).toContain(
      'Plugin calm: was restarted: the plugin sandbox crashed because of Plugin bomb.'
    );
    expect(await workspace.tools.get('calm')!({})).toBe('ok');
  });

  it('stops a plugin alone in a crashed sandbox, saying so', async () => {
    const { host, frames } = makeHost();
    await host.start({ manifest: testManifest('alone'), script: '' });
    frames[0].crash();
    await until(() => !host.isRunning('alone'));
    expect(host.stopReason('alone')).toBe('its sandbox crashed, most likely out of memory.');
  });
});
