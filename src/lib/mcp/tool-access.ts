/**
 * Which workspace tools MCP clients may see and call. These switches are the MCP endpoint's own,
 * apart from the sidebar's (`tools.enabled`): a user may let the in-app assistant write notes and
 * still keep desktop clients read-only. Stored in the settings table under MCP_TOOL_SWITCHES_KEY
 * as `{ [toolId]: boolean }`, only for tools the user switched; the default of a tool the user
 * never touched is "on when read-only" (annotations.readOnlyHint), so read tools are on and write
 * tools off when the endpoint is first enabled. A plugin's tool, read-only or not, starts off: it is
 * third-party code, and an MCP client must not reach it until the user says so.
 *
 * The page's Settings writes the map; the context that serves MCP (the workspace worker) follows
 * the same row with Dexie's liveQuery, which sees writes from every tab and worker.
 */
import { liveQuery } from '$lib/db';
import type { ToolContext, ToolInfo } from '$lib/tools';

/** The settings key of the MCP tool switches. */
export const MCP_TOOL_SWITCHES_KEY = 'mcp.tools';

type Database = ToolContext['db'];

/** Whether MCP clients get `tool`, given the stored switches. The registry's own switch must be on too. */
export function isMcpToolOn(
  tool: Pick<ToolInfo, 'id' | 'annotations' | 'plugin'>,
  switches: Record<string, boolean>
): boolean {
  if (Object.hasOwn(switches, tool.id)) return switches[tool.id] === true;
  return !tool.plugin && tool.annotations.readOnlyHint === true;
}

/** The stored MCP switches (tool id → on). */
export async function loadMcpToolSwitches(db: Database): Promise<Record<string, boolean>> {
  const row = await db.settings.get(MCP_TOOL_SWITCHES_KEY);
  return sanitize(row?.value);
}

/** Stores one MCP switch, keeping the others. */
export async function setMcpToolSwitch(db: Database, toolId: string, on: boolean): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    const current = sanitize((await db.settings.get(MCP_TOOL_SWITCHES_KEY))?.value);
    await db.settings.put({ key: MCP_TOOL_SWITCHES_KEY, value: { ...current, [toolId]: on } });
  });
}

function sanitize(value: unknown): Record<string, boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const switches: Record<string, boolean> = {};
  for (const [id, on] of Object.entries(value)) if (typeof on === 'boolean') switches[id] = on;
  return switches;
}

/** The live view of the MCP switches a server consults on every list and call. */
export interface McpToolAccess {
  /** Whether MCP clients get this tool now. */
  isOn(tool: Pick<ToolInfo, 'id' | 'annotations' | 'plugin'>): boolean;
  /** Called after the switches changed (in any context); returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** Stops following the settings. */
  stop(): void;
}

/** An access object over fixed switches, for tests and for callers that manage storage themselves. */
export function staticMcpToolAccess(
  switches: Record<string, boolean> = {}
): McpToolAccess & { set(id: string, on: boolean): void } {
  const listeners = new Set<() => void>();
  const state = { ...switches };
  return {
    isOn: (tool) => isMcpToolOn(tool, state),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(id, on) {
      state[id] = on;
      for (const listener of [...listeners]) listener();
    },
    stop: () => listeners.clear()
  };
}

/**
 * Follows the stored switches; resolves once the first value is loaded, so the first `tools/list`
 * already reflects them. Read failures go to `onError`; the last known switches stay in force.
 */
export async function followMcpToolAccess(
  db: Database,
  onError: (error: unknown) => void
): Promise<McpToolAccess> {
  const listeners = new Set<() => void>();
  let current = await loadMcpToolSwitches(db);
  const subscription = liveQuery(() => loadMcpToolSwitches(db)).subscribe({
    next: (switches) => {
      if (JSON.stringify(switches) === JSON.stringify(current)) return;
      current = switches;
      for (const listener of [...listeners]) listener();
    },
    error: onError
  });
  return {
    isOn: (tool) => isMcpToolOn(tool, current),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      subscription.unsubscribe();
      listeners.clear();
    }
  };
}
