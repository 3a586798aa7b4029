/**
 * The plugin host and the MCP carriers (desktop bridge, WebMCP, embedding pages), loaded with
 * import() when the tab's background start runs them. Neither is needed for the first screen: as
 * static imports of the app shell their code was in the start chunks, which the compile hint has
 * compiled whole before the note list showed (issue 15). Both wait for the background start, as
 * the plugins already did; an embedding page repeats its connect message until it is answered, so
 * starting its listener later loses nothing.
 */
import type { PageMcp } from '$lib/mcp';
import type { Workspace } from './workspace.svelte';

let tabMcpStart: Promise<PageMcp | null> | undefined;

/** Loads the plugin service and starts the enabled plugins. */
export async function startPlugins(): Promise<void> {
  const { getPluginService } = await import('./plugin-service.svelte');
  await getPluginService().init();
}

/** Loads and starts the tab's MCP controller; returns the function that stops it. */
export function startTabMcpLater(ws: Workspace): () => void {
  let stopped = false;
  const start = import('./tab-mcp').then(({ startTabMcp }) => (stopped ? null : startTabMcp(ws)));
  const started = start.catch((error: unknown) => {
    ws.alerts.report('MCP access', error);
    return null;
  });
  tabMcpStart = started;
  return () => {
    stopped = true;
    void started.then((mcp) => mcp?.stop());
    if (tabMcpStart === started) tabMcpStart = undefined;
  };
}

/** The tab's MCP controller once it has started; null when the shell did not start it. */
export function tabMcp(): Promise<PageMcp | null> {
  return tabMcpStart ?? Promise.resolve(null);
}
