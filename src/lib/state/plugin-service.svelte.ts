/**
 * The page's plugins, as the UI sees them: the installed records, which ones run, and the problems
 * they caused (each with the plugin's name). One instance per page (`getPluginService()`); it owns
 * the PluginHost and starts the enabled plugins once, at `init()`.
 */
import { base } from '$app/paths';
import type { PluginRecord } from '$lib/db';
import { getWorkspace, type WorkerClient, type WorkspaceApi } from '$lib/rpc';
import type { ToolResult } from '$lib/tools';
import {
  connectFrame,
  parsePluginFile,
  PluginHost,
  SANDBOX_NETWORK_PAGE,
  SANDBOX_PAGE,
  validateManifest,
  workspaceBridge,
  type PluginManifest,
  type PluginProblem,
  type RenderSpec
} from '$lib/plugins';

/** How many problems the manager keeps, of all plugins (each row shows its own, newest first). */
const MAX_PROBLEMS = 200;

/** An installed plugin as the manager lists it. */
export interface InstalledPlugin {
  manifest: PluginManifest;
  enabled: boolean;
  running: boolean;
  tools: string[];
  /** Why it does not run although it is switched on (it hung, crashed, failed to start…). */
  stopReason?: string;
  /** After a reinstall: the version it replaced and how its tools changed. */
  update?: PluginUpdate;
}

/** What a reinstall changed. */
export interface PluginUpdate {
  fromVersion: string;
  toolsBefore: string[];
}

/** The page's plugin state and actions. */
export class PluginService {
  records: PluginRecord[] = $state.raw([]);
  problems: PluginProblem[] = $state.raw([]);
  /** Reinstalls of this page's session, by plugin id. */
  updates: Record<string, PluginUpdate> = $state.raw({});
  /** Bumped when a plugin starts or stops, so views re-read the host. */
  #version = $state(0);
  readonly host: PluginHost;
  #init: Promise<void> | undefined;

  constructor(private readonly workspace: WorkerClient<WorkspaceApi> = getWorkspace()) {
    this.host = new PluginHost({
      workspace: workspaceBridge(workspace),
      openFrame: (manifest) =>
        connectFrame({
          url: `${base}/${manifest.permissions.includes('network') ? SANDBOX_NETWORK_PAGE : SANDBOX_PAGE}`,
          name: manifest.name
        })
    });
    this.host.onProblem((problem) => (this.problems = [problem, ...this.problems].slice(0, MAX_PROBLEMS)));
    this.host.onStateChange(() => this.#version++);
    // A restarted worker has a fresh registry: put the running plugins' tools back.
    workspace.onRestart(() => void this.host.reregisterAll());
  }

  /** The installed plugins with their state. */
  get plugins(): InstalledPlugin[] {
    void this.#version;
    return this.records.map((record) => {
      const manifest = validateManifest(record.manifest);
      const stopReason = this.host.stopReason(record.id);
      const update = this.updates[record.id];
      return {
        manifest,
        enabled: record.enabled,
        running: this.host.isRunning(record.id),
        tools: this.host.toolsOf(record.id),
        ...(stopReason ? { stopReason } : {}),
        ...(update ? { update } : {})
      };
    });
  }

  /** Loads the installed plugins and starts the enabled ones (once; later calls wait for the first). */
  init(): Promise<void> {
    this.#init ??= (async () => {
      await this.#reload();
      await Promise.allSettled(this.records.filter((r) => r.enabled).map((r) => this.#start(r)));
    })();
    return this.#init;
  }

  /** Installs (or updates) a plugin from its file's text and starts it. Rejects with a readable message. */
  async install(fileText: string): Promise<PluginManifest> {
    const previous = this.records.find((r) => r.id === parsePluginFile(fileText).manifest.id);
    const toolsBefore = previous ? this.host.toolsOf(previous.id) : [];
    const record = await this.workspace.call('installPlugin', [fileText]);
    if (previous)
      this.updates = {
        ...this.updates,
        [record.id]: { fromVersion: validateManifest(previous.manifest).version, toolsBefore }
      };
    await this.host.stop(record.id);
    await this.#reload();
    if (record.enabled) await this.#start(record).catch(() => {}); // reported as a problem
    return validateManifest(record.manifest);
  }

  /** Turns a plugin on (starts it) or off (stops it; its tools leave). */
  async setEnabled(pluginId: string, enabled: boolean): Promise<void> {
    const record = await this.workspace.call('setPluginEnabled', [pluginId, enabled]);
    await this.#reload();
    if (enabled) await this.#start(record).catch(() => {});
    else await this.host.stop(pluginId);
  }

  /** The installed plugin with this id, if any (a new file with that id replaces it). */
  installed(pluginId: string): InstalledPlugin | undefined {
    return this.plugins.find((p) => p.manifest.id === pluginId);
  }

  /** Uninstalls a plugin. */
  async remove(pluginId: string): Promise<void> {
    await this.host.stop(pluginId);
    await this.workspace.call('removePlugin', [pluginId]);
    await this.#reload();
  }

  /** The RenderSpec for a tool's output, or null when no running plugin renders that tool. */
  render(toolId: string, input: unknown, output: unknown): Promise<RenderSpec | null> {
    if (!this.host.hasRenderer(toolId)) return Promise.resolve(null);
    // Values from components may be $state proxies, which postMessage cannot clone.
    return this.host.render(toolId, $state.snapshot(input), $state.snapshot(output));
  }

  /** Whether the plugin of this tool may show https images (it has the network permission). */
  hasNetwork(toolId: string): boolean {
    void this.#version;
    return this.host.pluginOfTool(toolId)?.permissions.includes('network') ?? false;
  }

  /** Whether a running plugin renders this tool's output. */
  hasRenderer(toolId: string): boolean {
    void this.#version;
    return this.host.hasRenderer(toolId);
  }

  /** Runs a tool through the workspace registry, as the user (the manager's "Try" panel). */
  tryTool(toolId: string, input: unknown): Promise<ToolResult> {
    return this.workspace.call('callTool', [toolId, $state.snapshot(input), { source: 'user' }]);
  }

  /** Forgets the problems shown. */
  clearProblems(): void {
    this.problems = [];
  }

  async #start(record: PluginRecord): Promise<void> {
    await this.host.start({ manifest: validateManifest(record.manifest), script: record.script });
  }

  async #reload(): Promise<void> {
    this.records = await this.workspace.call('listPlugins', []);
  }
}

let service: PluginService | undefined;

/** The page's plugin service (created on first use). */
export function getPluginService(): PluginService {
  service ??= new PluginService();
  return service;
}
