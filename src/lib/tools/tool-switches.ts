/**
 * The per-tool on/off switches, persisted in the settings table under TOOL_SWITCHES_KEY as
 * `{ [toolId]: boolean }`. Only switches the user changed are stored, so a tool registered later
 * (a plugin's) starts on unless the user turned it off before. Kept apart from the registry so the
 * registry stays free of storage.
 */
import { getSetting, setSetting, type FolioDatabase } from '$lib/db';
import type { ToolRegistry } from './registry';

/** The settings key of the sidebar's tool switches. */
export const TOOL_SWITCHES_KEY = 'tools.enabled';

/** The stored switches (tool id → on). */
export function loadToolSwitches(db: FolioDatabase): Promise<Record<string, boolean>> {
  return getSetting<Record<string, boolean>>(db, TOOL_SWITCHES_KEY, {});
}

/** A live link between a registry and the stored switches. */
export interface ToolSwitchBinding {
  /** Stops following the registry. */
  stop(): void;
  /** Resolves when every switch flipped so far is stored. */
  settled(): Promise<void>;
}

/**
 * Applies the stored switches to `registry` (now and to every tool registered later) and stores
 * every switch flipped afterwards. A failed write goes to `onError` (by default it is rethrown as
 * an uncaught error, never dropped); the switch itself stays flipped for this session.
 */
export async function bindToolSwitches(
  registry: ToolRegistry,
  db: FolioDatabase,
  onError: (error: unknown) => void = rethrowLater
): Promise<ToolSwitchBinding> {
  const switches = { ...(await loadToolSwitches(db)) };
  let applying = false;
  const apply = (id: string) => {
    if (!Object.hasOwn(switches, id)) return;
    applying = true;
    try {
      registry.setEnabled(id, switches[id]);
    } finally {
      applying = false;
    }
  };
  for (const tool of registry.list()) apply(tool.id);
  let saving: Promise<void> = Promise.resolve();
  const stop = registry.onChange((change) => {
    if (change.kind === 'registered') return apply(change.id);
    if (applying || (change.kind !== 'enabled' && change.kind !== 'disabled')) return;
    switches[change.id] = change.kind === 'enabled';
    // Writes go one after another with the whole map, so the last switch flipped is the one kept.
    const snapshot = { ...switches };
    saving = saving.then(() => setSetting(db, TOOL_SWITCHES_KEY, snapshot).catch(onError));
  });
  return { stop, settled: () => saving };
}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
