/**
 * The page's plugin host: runs each enabled plugin in its own sandbox frame, serves the frame's
 * calls through a fixed method table (host-methods.ts), and puts the plugin's tools into the
 * workspace worker's registry as proxies whose handler calls back here (so a plugin tool serves
 * the sidebar, MCP and WebMCP alike). Every failure is reported as a problem naming the plugin;
 * a failing or hostile plugin is stopped alone, and the other plugins and the app go on.
 */
import { AppError } from '$lib/core';
import { createRpcPeer, type RpcPeer } from '$lib/rpc';
import type { FrameConnection } from './frame-connection';
import { floodGuard, PLUGIN_FLOOD_LIMIT, type FloodLimit } from './flood-guard';
import { hostMethods, type PluginToolSpec } from './host-methods';
import type { PluginManifest, PluginPackage } from './manifest';
import { boundedJsonSize, formatSize, MAX_PLUGIN_OUTPUT_CHARS } from './payload-size';
import { dataMethod, PERMISSION_LABELS } from './permissions';
import { checkRenderSpec, type RenderSpec } from './render-spec';
import { isTimeout, messageOf, pluginToolAnnotations, type PluginProblem, type PluginWorkspace } from './host-types';

export type { PluginProblem, PluginToolInfo, PluginWorkspace } from './host-types';
export { pluginToolAnnotations } from './host-types';

/** How long a plugin's start (its script and `onStart`) may take. */
export const PLUGIN_START_TIMEOUT_MS = 10_000;
/** How long a renderer may take. */
export const PLUGIN_RENDER_TIMEOUT_MS = 3_000;

/** Numbers problems across every host of the page (their keys in lists). */
let problemCount = 0;

/** Options of the host. */
export interface PluginHostOptions {
  workspace: PluginWorkspace;
  /** Opens the plugin's sandbox frame (connectFrame in the app; a linked pair in tests). */
  openFrame(manifest: PluginManifest): Promise<FrameConnection>;
  /** How fast a plugin may send messages before it is stopped (PLUGIN_FLOOD_LIMIT by default). */
  floodLimit?: FloodLimit;
}

interface Running {
  manifest: PluginManifest;
  peer: RpcPeer;
  connection: FrameConnection;
  tools: Set<string>;
  /** The plugin's own error reports in the current minute (so it cannot flood the manager). */
  reports: { since: number; count: number };
}

/** How many errors a plugin may report per minute; more are dropped (with one note saying so). */
export const MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE = 20;

interface ToolEntry {
  pluginId: string;
  spec: PluginToolSpec;
  registered: boolean;
}

/** Runs plugins and routes their tools. One per page. */
export class PluginHost {
  readonly #running = new Map<string, Running>();
  /** Plugins whose frame is opening; `stop` during that time removes the id, and start gives up. */
  readonly #opening = new Set<string>();
  readonly #tools = new Map<string, ToolEntry>();
  readonly #listeners = new Set<(problem: PluginProblem) => void>();
  readonly #stateListeners = new Set<() => void>();
  /** Recent host → frame → host round trips of tool calls, in ms (newest last, at most 1,000). */
  readonly roundTrips: number[] = [];
  /** How many tool calls have answered (the round trips above are the latest of them). */
  answeredCalls = 0;

  constructor(private readonly options: PluginHostOptions) {}

  /** Listens to problems; returns the unsubscribe function. */
  onProblem(listener: (problem: PluginProblem) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Listens to plugins starting and stopping; returns the unsubscribe function. */
  onStateChange(listener: () => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** Whether the plugin runs now. */
  isRunning(pluginId: string): boolean {
    return this.#running.has(pluginId);
  }

  /** The ids of a running plugin's tools. */
  toolsOf(pluginId: string): string[] {
    return [...(this.#running.get(pluginId)?.tools ?? [])];
  }

  /** Whether the tool belongs to a running plugin that draws its own output. */
  hasRenderer(toolId: string): boolean {
    const entry = this.#tools.get(toolId);
    return !!entry?.spec.hasRender && this.#running.has(entry.pluginId);
  }

  /** Starts a plugin: frame, handshake, its script and `onStart`. Rejects (and reports) on failure. */
  async start(pkg: PluginPackage): Promise<void> {
    const { manifest } = pkg;
    if (this.#running.has(manifest.id) || this.#opening.has(manifest.id)) return;
    this.#opening.add(manifest.id);
    let connection: FrameConnection;
    try {
      connection = await this.options.openFrame(manifest);
    } catch (error) {
      this.#opening.delete(manifest.id);
      throw this.#fail(manifest, `could not start: ${messageOf(error)}`);
    }
    if (!this.#opening.delete(manifest.id)) {
      connection.dispose(); // stopped while its frame was opening
      return;
    }
    const running: Running = { manifest, connection, tools: new Set(), peer: undefined as unknown as RpcPeer, reports: { since: Date.now(), count: 0 } };
    const limit = this.options.floodLimit ?? PLUGIN_FLOOD_LIMIT;
    const transport = floodGuard(connection.transport, () => {
      this.#report(manifest, `flooded Folio with messages (more than ${limit.burst} at once, or over ${limit.perSecond} a second) and was stopped.`);
      void this.stop(manifest.id);
    }, limit);
    running.peer = createRpcPeer({ transport, name: `plugin ${manifest.name}`, methods: hostMethods(this.#actions(running)), timeoutMs: PLUGIN_START_TIMEOUT_MS });
    const onPeerClose = transport.onclose;
    transport.onclose = () => {
      onPeerClose?.();
      if (this.#running.get(manifest.id) === running) void this.stop(manifest.id);
    };
    this.#running.set(manifest.id, running);
    this.#changed();
    try {
      await running.peer.call('start', { manifest, script: pkg.script });
      this.#changed();
    } catch (error) {
      await this.stop(manifest.id);
      throw this.#fail(manifest, `failed to start: ${messageOf(error)}`);
    }
  }

  /** Stops a plugin: its tools leave the registry, its frame is removed. */
  async stop(pluginId: string): Promise<void> {
    this.#opening.delete(pluginId);
    const running = this.#running.get(pluginId);
    if (!running) return;
    this.#running.delete(pluginId);
    running.peer.close();
    running.connection.dispose();
    await Promise.all([...running.tools].map((id) => this.#dropTool(id)));
    this.#changed();
  }

  /** Stops every plugin. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#running.keys()].map((id) => this.stop(id)));
  }

  /** Registers every running plugin's tools again (after the workspace worker restarted). */
  async reregisterAll(): Promise<void> {
    for (const [id, entry] of this.#tools) {
      if (!entry.registered) continue;
      entry.registered = false;
      await this.#registerProxy(id, entry).catch((error) => this.#reportById(entry.pluginId, messageOf(error)));
    }
  }

  /** Calls a plugin tool (the worker's proxy handler lands here). Errors name the plugin. */
  async callTool(toolId: string, input: unknown): Promise<unknown> {
    const { entry, running } = this.#route(toolId);
    const started = performance.now();
    let output: unknown;
    try {
      output = await running.peer.call('callTool', { id: toolId, input }, { timeoutMs: entry.spec.timeoutMs });
    } catch (error) {
      const message = isTimeout(error) ? `the tool ${toolId} did not answer within ${entry.spec.timeoutMs} ms.` : `the tool ${toolId} failed: ${messageOf(error)}`;
      throw this.#fail(running.manifest, message);
    }
    this.#recordRoundTrip(performance.now() - started);
    const size = boundedJsonSize(output, MAX_PLUGIN_OUTPUT_CHARS);
    if (size > MAX_PLUGIN_OUTPUT_CHARS) {
      throw this.#fail(running.manifest, `the tool ${toolId} returned more than ${formatSize(MAX_PLUGIN_OUTPUT_CHARS)}; the output was dropped.`);
    }
    return output;
  }

  /** The checked RenderSpec of a plugin tool's output, or null when the tool has no renderer. */
  async render(toolId: string, input: unknown, output: unknown): Promise<RenderSpec | null> {
    if (!this.hasRenderer(toolId)) return null;
    const { running } = this.#route(toolId);
    try {
      const spec = await running.peer.call('render', { id: toolId, input, output }, { timeoutMs: PLUGIN_RENDER_TIMEOUT_MS });
      return checkRenderSpec(spec, { network: running.manifest.permissions.includes('network') });
    } catch (error) {
      const message = isTimeout(error) ? `the renderer of ${toolId} did not answer within ${PLUGIN_RENDER_TIMEOUT_MS} ms.` : `the renderer of ${toolId} failed: ${messageOf(error)}`;
      throw this.#fail(running.manifest, message);
    }
  }

  #route(toolId: string): { entry: ToolEntry; running: Running } {
    const entry = this.#tools.get(toolId);
    const running = entry && this.#running.get(entry.pluginId);
    if (!entry || !running) throw new AppError('not_found', `The tool ${toolId} belongs to no running plugin.`);
    return { entry, running };
  }

  #actions(running: Running) {
    const { manifest } = running;
    const own = (id: string) => {
      if (!running.tools.has(id)) throw this.#fail(manifest, `tried to change tool ${id}, which it did not register.`);
      return this.#tools.get(id)!;
    };
    return {
      registerTool: (spec: PluginToolSpec) => this.#registerTool(running, spec),
      removeTool: async (id: string) => {
        own(id);
        running.tools.delete(id);
        await this.#dropTool(id);
        this.#changed();
      },
      setToolEnabled: async (id: string, enabled: boolean) => {
        const entry = own(id);
        if (enabled && !entry.registered) await this.#registerProxy(id, entry);
        if (!enabled && entry.registered) {
          entry.registered = false;
          await this.options.workspace.unregisterTool(id);
        }
      },
      data: (method: string, input: unknown) => this.#data(manifest, method, input),
      reportError: (message: string) => this.#ownReport(running, message)
    };
  }

  async #registerTool(running: Running, spec: PluginToolSpec): Promise<void> {
    const { manifest } = running;
    const holder = this.#tools.get(spec.id);
    if (holder) {
      const owner = holder.pluginId === manifest.id ? 'itself' : `plugin ${this.#running.get(holder.pluginId)?.manifest.name ?? holder.pluginId}`;
      throw this.#fail(manifest, `cannot register tool "${spec.id}": it is already registered by ${owner}.`);
    }
    const entry: ToolEntry = { pluginId: manifest.id, spec, registered: false };
    this.#tools.set(spec.id, entry);
    running.tools.add(spec.id);
    try {
      await this.#registerProxy(spec.id, entry);
      this.#changed();
    } catch (error) {
      this.#tools.delete(spec.id);
      running.tools.delete(spec.id);
      const clash = /already registered/.test(messageOf(error));
      throw this.#fail(manifest, clash ? `cannot register tool "${spec.id}": a built-in tool has that id.` : `cannot register tool "${spec.id}": ${messageOf(error)}`);
    }
  }

  async #registerProxy(id: string, entry: ToolEntry): Promise<void> {
    const { description, inputSchema } = entry.spec;
    const manifest = this.#running.get(entry.pluginId)?.manifest;
    if (!manifest) throw new AppError('not_found', `The plugin of tool ${id} is not running.`);
    const annotations = pluginToolAnnotations(manifest, entry.spec);
    await this.options.workspace.registerTool(entry.pluginId, { id, description, inputSchema, annotations }, (input) => this.callTool(id, input));
    entry.registered = true;
  }

  async #dropTool(id: string): Promise<void> {
    const entry = this.#tools.get(id);
    if (!entry) return;
    this.#tools.delete(id);
    if (!entry.registered) return;
    entry.registered = false;
    await this.options.workspace.unregisterTool(id).catch((error) => this.#reportById(entry.pluginId, `its tool ${id} could not be removed: ${messageOf(error)}`));
  }

  async #data(manifest: PluginManifest, method: string, input: unknown): Promise<unknown> {
    const known = dataMethod(method);
    if (!known) throw this.#fail(manifest, `called an unknown data method ${JSON.stringify(method.slice(0, 60))}.`);
    if (!manifest.permissions.includes(known.permission)) {
      throw this.#fail(manifest, `has no permission to ${PERMISSION_LABELS[known.permission].toLowerCase()} (${known.permission}); ${method} was refused.`);
    }
    return this.options.workspace.callData(manifest.id, method, input);
  }

  #ownReport(running: Running, message: string): void {
    const now = Date.now();
    if (now - running.reports.since >= 60_000) running.reports = { since: now, count: 0 };
    const count = ++running.reports.count;
    if (count <= MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE) this.#report(running.manifest, message);
    else if (count === MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE + 1) this.#report(running.manifest, 'reported too many errors; more are ignored for a minute.');
  }

  #recordRoundTrip(ms: number): void {
    this.answeredCalls++;
    this.roundTrips.push(ms);
    if (this.roundTrips.length > 1_000) this.roundTrips.splice(0, this.roundTrips.length - 1_000);
  }

  /** Reports a problem and returns an AppError with the same words, to throw. */
  #fail(manifest: PluginManifest, message: string): AppError {
    const problem = this.#report(manifest, message);
    return new AppError('internal', `Plugin ${problem.pluginName}: ${message}`);
  }

  #report(manifest: PluginManifest, message: string): PluginProblem {
    const problem = { id: ++problemCount, pluginId: manifest.id, pluginName: manifest.name, message, time: Date.now() };
    for (const listener of [...this.#listeners]) listener(problem);
    return problem;
  }

  #reportById(pluginId: string, message: string): void {
    const manifest = this.#running.get(pluginId)?.manifest;
    this.#report(manifest ?? { id: pluginId, name: pluginId, version: '', description: '', permissions: [] }, message);
  }

  #changed(): void {
    for (const listener of [...this.#stateListeners]) listener();
  }
}
