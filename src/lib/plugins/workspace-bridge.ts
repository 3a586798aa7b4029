/**
 * The PluginHost's view of the workspace worker: proxy tool registration with a Comlink callback,
 * and the plugin data calls. Kept apart so the host itself runs in Node tests without a worker.
 */
import * as Comlink from 'comlink';
import type { WorkerClient, WorkspaceApi } from '$lib/rpc';
import type { PluginWorkspace } from './plugin-host';

/** A PluginWorkspace over the workspace worker client. */
export function workspaceBridge(workspace: WorkerClient<WorkspaceApi>): PluginWorkspace {
  return {
    async registerTool(pluginId, tool, call) {
      await workspace.call('registerPluginTool', [pluginId, tool, Comlink.proxy({ call })]);
    },
    async unregisterTool(toolId) {
      await workspace.call('unregisterPluginTool', [toolId]);
    },
    callData(pluginId, method, input) {
      return workspace.call('callPluginData', [pluginId, method, input]);
    }
  };
}
