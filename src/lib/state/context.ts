/** Shares the tab's Workspace with every component below the root page. */
import { getContext, setContext } from 'svelte';
import type { Workspace } from './workspace.svelte';

const KEY = Symbol('folio.workspace');

/** Makes `workspace` available to the components below (call in the root component). */
export function provideWorkspace(workspace: Workspace): Workspace {
  return setContext(KEY, workspace);
}

/** The tab's Workspace (call during component initialisation). */
export function useWorkspace(): Workspace {
  const workspace = getContext<Workspace | undefined>(KEY);
  if (!workspace) throw new TypeError('useWorkspace() called outside the app shell');
  return workspace;
}
