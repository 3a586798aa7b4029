import { describe, expect, it } from 'vitest';
import { createNote, listRevisions } from '$lib/db';
import { createPluginsApi } from './plugins-api';
import { useTestWorkspace } from './test-services';

const workspace = useTestWorkspace();

async function setUp() {
  return createPluginsApi(await workspace.start());
}

const file = (permissions: string[], id = 'com.example.p') =>
  `/* @folio-plugin\n${JSON.stringify({ id, name: 'P', version: '1.0.0', description: '', permissions })}\n*/\n`;

describe('plugins api', () => {
  it('installs a plugin file, enabled, and lists it', async () => {
    const api = await setUp();
    await api.installPlugin(file(['notes:read']));
    const [record] = await api.listPlugins();
    expect({ id: record.id, enabled: record.enabled, permissions: record.manifest.permissions }).toEqual({
      id: 'com.example.p',
      enabled: true,
      permissions: ['notes:read']
    });
  });

  it('refuses a file without a manifest', async () => {
    const api = await setUp();
    await expect(api.installPlugin('alert(1)')).rejects.toThrow(/@folio-plugin/);
  });

  it('keeps the switch when a new version is installed', async () => {
    const api = await setUp();
    await api.installPlugin(file([]));
    await api.setPluginEnabled('com.example.p', false);
    await api.installPlugin(file(['notes:read']));
    expect((await api.listPlugins())[0].enabled).toBe(false);
  });

  it('registers a proxy tool whose handler calls the page back', async () => {
    const api = await setUp();
    api.registerPluginTool(
      'com.example.p',
      { id: 'plan', pluginName: 'P', description: 'd', inputSchema: { type: 'object' }, annotations: {} },
      { call: async (input) => ({ got: input }) }
    );
    const result = await workspace.services.registry.call(
      'plan',
      { a: 1 },
      workspace.services.toolContext({ source: 'ai' })
    );
    expect(JSON.parse(result.content[0].text)).toEqual({ got: { a: 1 } });
  });

  it('refuses a proxy tool with a built-in tool id', async () => {
    const api = await setUp();
    expect(() =>
      api.registerPluginTool(
        'p',
        {
          id: 'search_notes',
          pluginName: 'P',
          description: 'd',
          inputSchema: { type: 'object' },
          annotations: {}
        },
        { call: async () => 1 }
      )
    ).toThrow('"search_notes" is the id of one of Folio\'s own tools.');
  });

  it('refuses ids that look like a built-in, a session tool or another plugin tool', async () => {
    const api = await setUp();
    const tool = (id: string) => ({
      id,
      pluginName: 'P',
      description: 'd',
      inputSchema: { type: 'object' },
      annotations: {}
    });
    const register = (id: string) => () => api.registerPluginTool('p', tool(id), { call: async () => 1 });
    expect(register('Search_Notes')).toThrow('"Search_Notes" looks like Folio\'s own tool "search_notes".');
    expect(register('append_to_note')).toThrow('"append_to_note" is the id of one of Folio\'s own tools.');
    expect(register('Edit-Selection')).toThrow('looks like Folio\'s own tool "edit_selection"');
    expect(register('de1ete_note')).toThrow('looks like Folio\'s own tool "delete_note"');
    register('plan')();
    expect(register('Plan')).toThrow('"Plan" looks like the tool "plan" of the plugin P.');
    expect(workspace.services.registry.find('plan')?.plugin).toEqual({ pluginId: 'p', pluginName: 'P' });
  });

  it('takes the plugin tools out when the plugin is removed', async () => {
    const api = await setUp();
    await api.installPlugin(file([]));
    api.registerPluginTool(
      'com.example.p',
      { id: 'plan', pluginName: 'P', description: 'd', inputSchema: { type: 'object' }, annotations: {} },
      { call: async () => 1 }
    );
    await api.removePlugin('com.example.p');
    expect(workspace.services.registry.list().map((t) => t.id)).not.toContain('plan');
    expect(await api.listPlugins()).toEqual([]);
  });

  it('runs a permitted data call as the plugin, saving a revision before a write', async () => {
    const api = await setUp();
    await api.installPlugin(file(['notes:read', 'notes:write']));
    const note = await createNote(workspace.db, { title: 'Trip', body: 'old' });
    await api.callPluginData('com.example.p', 'updateNote', { id: note.id, body: 'new' });
    const revisions = await listRevisions(workspace.db, note.id);
    expect(revisions.map((r) => [r.source, r.body])).toEqual([['plugin', 'old']]);
  });

  it('refuses a data call the stored manifest does not permit', async () => {
    const api = await setUp();
    await api.installPlugin(file(['notes:read']));
    await expect(api.callPluginData('com.example.p', 'createNote', { title: 'x' })).rejects.toThrow(
      /no notes:write permission/
    );
  });

  it('refuses data calls of a plugin that is turned off', async () => {
    const api = await setUp();
    await api.installPlugin(file(['notes:read']));
    await api.setPluginEnabled('com.example.p', false);
    await expect(api.callPluginData('com.example.p', 'listNotebooks', {})).rejects.toThrow(/turned off/);
  });

  it('returns a read as data, not text', async () => {
    const api = await setUp();
    await api.installPlugin(file(['notes:read']));
    const answer = (await api.callPluginData('com.example.p', 'listNotebooks', {})) as {
      notebooks: unknown[];
    };
    expect(answer.notebooks).toHaveLength(1);
  });
});
