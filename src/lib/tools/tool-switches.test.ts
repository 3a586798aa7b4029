import { describe, expect, it } from 'vitest';
import { setSetting } from '$lib/db';
import { freshDb } from '../../../tests/fresh-db';
import { registerBuiltinTools } from './builtin';
import { createToolRegistry } from './registry';
import { bindToolSwitches, loadToolSwitches, TOOL_SWITCHES_KEY } from './tool-switches';
import type { ToolDefinition } from './types';

const pluginTool: ToolDefinition = {
  id: 'plan_trip_packing',
  description: 'Plans a packing list.',
  inputSchema: { type: 'object' },
  annotations: {},
  handler: () => 'ok'
};

const enabledIds = (registry: ReturnType<typeof createToolRegistry>) =>
  registry.list({ enabledOnly: true }).map((t) => t.id);

describe('bindToolSwitches', () => {
  it('leaves every tool on when nothing is stored', async () => {
    const db = freshDb();
    const registry = createToolRegistry();
    registerBuiltinTools(registry);
    await bindToolSwitches(registry, db);
    expect(enabledIds(registry)).toHaveLength(10);
  });

  it('applies the stored switches to the registered tools', async () => {
    const db = freshDb();
    await setSetting(db, TOOL_SWITCHES_KEY, { delete_note: false, update_note: false });
    const registry = createToolRegistry();
    registerBuiltinTools(registry);
    await bindToolSwitches(registry, db);
    expect(enabledIds(registry)).not.toContain('delete_note');
    expect(enabledIds(registry)).not.toContain('update_note');
    expect(enabledIds(registry)).toContain('create_note');
  });

  it('applies a stored switch to a tool registered later', async () => {
    const db = freshDb();
    await setSetting(db, TOOL_SWITCHES_KEY, { plan_trip_packing: false });
    const registry = createToolRegistry();
    await bindToolSwitches(registry, db);
    registry.register(pluginTool);
    expect(registry.find('plan_trip_packing')!.enabled).toBe(false);
  });

  it('stores the switches the user flips, for the next session', async () => {
    const db = freshDb();
    const registry = createToolRegistry();
    const handles = registerBuiltinTools(registry);
    const binding = await bindToolSwitches(registry, db);
    handles.get('delete_note')!.disable();
    registry.setEnabled('manage_tags', false);
    registry.setEnabled('manage_tags', true);
    await binding.settled();
    expect(await loadToolSwitches(db)).toEqual({ delete_note: false, manage_tags: true });
    const next = createToolRegistry();
    registerBuiltinTools(next);
    await bindToolSwitches(next, db);
    expect(next.find('delete_note')!.enabled).toBe(false);
  });

  it('stops storing after stop()', async () => {
    const db = freshDb();
    const registry = createToolRegistry();
    registerBuiltinTools(registry);
    const binding = await bindToolSwitches(registry, db);
    binding.stop();
    registry.setEnabled('delete_note', false);
    await binding.settled();
    expect(await loadToolSwitches(db)).toEqual({});
  });

  it('hands a failed write to onError', async () => {
    const db = freshDb();
    const registry = createToolRegistry();
    registerBuiltinTools(registry);
    const errors: unknown[] = [];
    const binding = await bindToolSwitches(registry, db, (e) => errors.push(e));
    db.close();
    registry.setEnabled('delete_note', false);
    await binding.settled();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'storage_unavailable' });
    expect(registry.find('delete_note')!.enabled).toBe(false);
  });
});
