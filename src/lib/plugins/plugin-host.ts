/**
 * The page's plugin host: runs each enabled plugin in its own sandbox frame, serves the frame's
 * calls through a fixed method table (host-methods.ts), and puts the plugin's tools into the
 * workspace worker's registry as proxies whose handler calls back here (so a plugin tool serves
 * the sidebar, MCP and WebMCP alike). Every failure is reported as a problem naming the plugin;
 * a failing or hostile plugin is stopped alone, and the other plugins and the app go on.
 *
 * Everything a plugin sends is measured as the JSON it becomes (payload-size.ts) against the limits
 * of plugin-limits.ts; the watchdog (plugin-watchdog.ts) stops a plugin that stops answering, and
 * `stopReason` says why a plugin that should run does not.
 */
import { AppError } from '$lib/core';
import { createRpcPeer, type RpcPeer } from '$lib/rpc';
import type { FrameConnection } from './frame-connection';
import { floodGuard, PLUGIN_FLOOD_LIMIT, type FloodLimit } from './flood-guard';
import { hostMethods, type PluginToolSpec } from './host-methods';
import type { PluginManifest, PluginPackage } from './manifest';
import { assertJsonWithin, MAX_PLUGIN_OUTPUT_CHARS } from './payload-size';
import { dataMethod, PERMISSION_LABELS } from './permissions';
import { MAX_DATA_INPUT_CHARS, MAX_PLUGIN_DEFINITIONS_CHARS, MAX_TOOLS_PER_PLUGIN } from './plugin-limits';
import { PluginWatchdog, type Watched, type WatchdogOptions } from './plugin-watchdog';
import { checkRenderSpec, type RenderSpec } from './render-spec';
import {
  isTimeout,
  messageOf,
  pluginToolAnnotations,
  type PluginProblem,
  type PluginWorkspace
} from './host-types';

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
  /** The heartbeat's timing (tests shorten it). */
  watchdog?: WatchdogOptions;
}

interface Running {
  pkg: PluginPackage;
  manifest: PluginManifest;
  peer: RpcPeer;
  connection: FrameConnection;
  tools: Set<string>;
  /** The plugin's own error reports in the current minute (so it cannot flood the manager). */
  reports: { since: number; count: number };
  /** What the host is waiting for the plugin to finish, by a key per piece of work. */
  work: Map<number, string>;
  /** Tools refused for the per-plugin cap (only the first refusal is reported). */
  overCap: number;
}

let workCount = 0;

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
  /** Why a plugin stopped against its will (cleared when it starts again). */
  readonly #stopReasons = new Map<string, string>();
  readonly #watchdog: PluginWatchdog;
  /** Recent host → frame → host round trips of tool calls, in ms (newest last, at most 1,000). */
  readonly roundTrips: number[] = [];
  /** How many tool calls have answered (the round trips above are the latest of them). */
  answeredCalls = 0;

  constructor(private readonly options: PluginHostOptions) {
    this.#watchdog = new PluginWatchdog(
      {
        running: () => [...this.#running.values()].map((running) => this.#watched(running)),
        halt: (id, reason) => this.halt(id, reason),
        restart: async (id, why) => {
          const running = this.#running.get(id);
          if (!running) return;
          this.#report(running.manifest, why);
          await this.stop(id);
          await this.start(running.pkg).catch(() => {}); // a failed start is reported and sets its reason
        }
      },
      options.watchdog
    );
  }

  /** Why the plugin is not running although it was started (undefined when it runs or was stopped on purpose). */
  stopReason(pluginId: string): string | undefined {
    return this.#stopReasons.get(pluginId);
  }

  /** Stops a plugin for a failure: its row shows `reason`; it stays installed and switched on. */
  async halt(pluginId: string, reason: string): Promise<void> {
    if (!this.#running.has(pluginId) && !this.#opening.has(pluginId)) return;
    // Set first: the calls that stopping rejects say why.
    this.#stopReasons.set(pluginId, reason);
    await this.stop(pluginId);
    this.#changed();
  }

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

  /** The manifest of the running plugin that owns the tool. */
  pluginOfTool(toolId: string): PluginManifest | undefined {
    const entry = this.#tools.get(toolId);
    return entry ? this.#running.get(entry.pluginId)?.manifest : undefined;
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
    this.#stopReasons.delete(manifest.id);
    this.#opening.add(manifest.id);
    let connection: FrameConnection;
    try {
      connection = await this.options.openFrame(manifest);
    } catch (error) {
      this.#opening.delete(manifest.id);
      this.#stopReasons.set(manifest.id, `could not start: ${messageOf(error)}`);
      this.#changed();
      throw this.#fail(manifest, `could not start: ${messageOf(error)}`);
    }
    if (!this.#opening.delete(manifest.id)) {
      connection.dispose(); // stopped while its frame was opening
      return;
    }
    const running: Running = {
      pkg,
      manifest,
      connection,
      tools: new Set(),
      peer: undefined as unknown as RpcPeer,
      reports: { since: Date.now(), count: 0 },
      work: new Map(),
      overCap: 0
    };
    const limit = this.options.floodLimit ?? PLUGIN_FLOOD_LIMIT;
    const transport = floodGuard(
      connection.transport,
      () => {
        this.#report(
          manifest,
          `flooded Folio with messages (more than ${limit.burst} at once, or over ${limit.perSecond} a second) and was stopped.`
        );
        void this.halt(manifest.id, 'it flooded Folio with messages.');
      },
      limit
    );
    connection.onnavigate = () => void this.halt(manifest.id, 'its sandbox page navigated away.');
    running.peer = createRpcPeer({
      transport,
      name: `plugin ${manifest.name}`,
      methods: hostMethods(this.#actions(running)),
      timeoutMs: PLUGIN_START_TIMEOUT_MS
    });
    const onPeerClose = transport.onclose;
    transport.onclose = () => {
      onPeerClose?.();
      if (this.#running.get(manifest.id) === running)
        void this.halt(manifest.id, 'it closed its connection to Folio.');
    };
    this.#running.set(manifest.id, running);
    this.#watchdog.wake();
    this.#changed();
    try {
      await this.#busy(running, 'starting', () =>
        running.peer.call('start', { manifest, script: pkg.script })
      );
      this.#changed();
    } catch (error) {
      const reason = this.#stopReasons.get(manifest.id);
      const message = reason
        ? `failed to start: it was stopped (${reason})`
        : `failed to start: ${messageOf(error)}`;
      await this.halt(manifest.id, reason ?? message);
      throw this.#fail(manifest, message);
    }
  }

  /** Runs `work`, recording it as what the plugin is busy with (the watchdog's suspects). */
  async #busy<T>(running: Running, what: string, work: () => Promise<T>): Promise<T> {
    const key = ++workCount;
    running.work.set(key, what);
    try {
      return await work();
    } finally {
      running.work.delete(key);
    }
  }

  #watched(running: Running): Watched {
    return {
      id: running.manifest.id,
      name: running.manifest.name,
      ping: (timeoutMs) => running.peer.call('ping', null, { timeoutMs }),
      probe: () => running.connection.probe(),
      work: () => [...new Set(running.work.values())]
    };
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
    this.#watchdog.sleep();
    await Promise.all([...this.#running.keys()].map((id) => this.stop(id)));
  }

  /** Registers every running plugin's tools again (after the workspace worker restarted). */
  async reregisterAll(): Promise<void> {
    for (const [id, entry] of this.#tools) {
      if (!entry.registered) continue;
      entry.registered = false;
      await this.#registerProxy(id, entry).catch((error) =>
        this.#reportById(entry.pluginId, messageOf(error))
      );
    }
  }

  /** Calls a plugin tool (the worker's proxy handler lands here). Errors name the plugin. */
  async callTool(toolId: string, input: unknown): Promise<unknown> {
    const { entry, running } = this.#route(toolId);
    const started = performance.now();
    let output: unknown;
    try {
      output = await this.#busy(running, `running the tool ${toolId}`, () =>
        running.peer.call('callTool', { id: toolId, input }, { timeoutMs: entry.spec.timeoutMs })
      );
    } catch (error) {
      throw this.#fail(
        running.manifest,
        this.#callFailure(running, `the tool ${toolId}`, entry.spec.timeoutMs, error)
      );
    }
    this.#recordRoundTrip(performance.now() - started);
    try {
      assertJsonWithin(output, MAX_PLUGIN_OUTPUT_CHARS, `the output of tool ${toolId}`);
    } catch (error) {
      throw this.#fail(running.manifest, `${messageOf(error).replace(/\.$/, '')}; the output was dropped.`);
    }
    return output;
  }

  /** The checked RenderSpec of a plugin tool's output, or null when the tool has no renderer. */
  async render(toolId: string, input: unknown, output: unknown): Promise<RenderSpec | null> {
    if (!this.hasRenderer(toolId)) return null;
    const { running } = this.#route(toolId);
    try {
      const spec = await this.#busy(running, `drawing the output of ${toolId}`, () =>
        running.peer.call('render', { id: toolId, input, output }, { timeoutMs: PLUGIN_RENDER_TIMEOUT_MS })
      );
      // No JSON measure here: checkRenderSpec rebuilds the spec under caps on its total cells,
      // parts and characters and stops at the first one passed, which bounds the work already.
      return checkRenderSpec(spec, { network: running.manifest.permissions.includes('network') });
    } catch (error) {
      throw this.#fail(
        running.manifest,
        this.#callFailure(running, `the renderer of ${toolId}`, PLUGIN_RENDER_TIMEOUT_MS, error)
      );
    }
  }

  /** Words for a call to the plugin that failed: a deadline, the plugin stopped meanwhile, or its error. */
  #callFailure(running: Running, what: string, timeoutMs: number, error: unknown): string {
    const reason = this.#stopReasons.get(running.manifest.id);
    if (reason && !this.#running.has(running.manifest.id))
      return `${what} could not finish: the plugin was stopped (${reason})`;
    return isTimeout(error)
      ? `${what} did not answer within ${timeoutMs} ms.`
      : `${what} failed: ${messageOf(error)}`;
  }

  #route(toolId: string): { entry: ToolEntry; running: Running } {
    const entry = this.#tools.get(toolId);
    const running = entry && this.#running.get(entry.pluginId);
    if (!entry || !running)
      throw new AppError('not_found', `The tool ${toolId} belongs to no running plugin.`);
    return { entry, running };
  }

  #actions(running: Running) {
    const { manifest } = running;
    const own = (id: string) => {
      if (!running.tools.has(id))
        throw this.#fail(manifest, `tried to change tool ${id}, which it did not register.`);
      return this.#tools.get(id)!;
    };
    return {
      registerTool: (spec: PluginToolSpec) => this.#registerTool(running, spec),
      refuseTool: (message: string) => this.#fail(manifest, `cannot register a tool: ${message}`),
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
      const owner =
        holder.pluginId === manifest.id
          ? 'itself'
          : `plugin ${this.#running.get(holder.pluginId)?.manifest.name ?? holder.pluginId}`;
      throw this.#fail(manifest, `cannot register tool "${spec.id}": it is already registered by ${owner}.`);
    }
    if (running.tools.size >= MAX_TOOLS_PER_PLUGIN) {
      // One message, not one per tool: a plugin registering 5,000 tools must not flood the manager.
      const first = running.overCap++ === 0;
      const message = `cannot register tool "${spec.id}": a plugin may register at most ${MAX_TOOLS_PER_PLUGIN} tools; it was refused, and so will be any further tool, without another message.`;
      throw first
        ? this.#fail(manifest, message)
        : new AppError('invalid_argument', `Plugin ${manifest.name}: ${message}`);
    }
    const definitions = [...running.tools].reduce(
      (sum, id) => sum + (this.#tools.get(id)?.spec.definitionChars ?? 0),
      0
    );
    if (definitions + spec.definitionChars > MAX_PLUGIN_DEFINITIONS_CHARS) {
      throw this.#fail(
        manifest,
        `cannot register tool "${spec.id}": the descriptions and schemas of its tools would pass ${MAX_PLUGIN_DEFINITIONS_CHARS / 1000} kB in all.`
      );
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
      throw this.#fail(manifest, `cannot register tool "${spec.id}": ${messageOf(error)}`);
    }
  }

  async #registerProxy(id: string, entry: ToolEntry): Promise<void> {
    const { description, inputSchema } = entry.spec;
    const manifest = this.#running.get(entry.pluginId)?.manifest;
    if (!manifest) throw new AppError('not_found', `The plugin of tool ${id} is not running.`);
    const annotations = pluginToolAnnotations(manifest, entry.spec);
    await this.options.workspace.registerTool(
      entry.pluginId,
      { id, pluginName: manifest.name, description, inputSchema, annotations },
      (input) => this.callTool(id, input)
    );
    entry.registered = true;
  }

  async #dropTool(id: string): Promise<void> {
    const entry = this.#tools.get(id);
    if (!entry) return;
    this.#tools.delete(id);
    if (!entry.registered) return;
    entry.registered = false;
    await this.options.workspace
      .unregisterTool(id)
      .catch((error) =>
        this.#reportById(entry.pluginId, `its tool ${id} could not be removed: ${messageOf(error)}`)
      );
  }

  async #data(manifest: PluginManifest, method: string, input: unknown): Promise<unknown> {
    const known = dataMethod(method);
    if (!known)
      throw this.#fail(manifest, `called an unknown data method ${JSON.stringify(method.slice(0, 60))}.`);
    if (!manifest.permissions.includes(known.permission)) {
      throw this.#fail(
        manifest,
        `has no permission to ${PERMISSION_LABELS[known.permission].toLowerCase()} (${known.permission}); ${method} was refused.`
      );
    }
    try {
      assertJsonWithin(input, MAX_DATA_INPUT_CHARS, `the input of ${method}`);
    } catch (error) {
      throw this.#fail(manifest, `${messageOf(error).replace(/\.$/, '')}; ${method} was refused.`);
    }
    return this.options.workspace.callData(manifest.id, method, input);
  }

  #ownReport(running: Running, message: string): void {
    const now = Date.now();
    if (now - running.reports.since >= 60_000) running.reports = { since: now, count: 0 };
    const count = ++running.reports.count;
    if (count <= MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE) this.#report(running.manifest, message);
    else if (count === MAX_PLUGIN_ERROR_REPORTS_PER_MINUTE + 1)
      this.#report(running.manifest, 'reported too many errors; more are ignored for a minute.');
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
    const problem = {
      id: ++problemCount,
      pluginId: manifest.id,
      pluginName: manifest.name,
      message,
      time: Date.now()
    };
    for (const listener of [...this.#listeners]) listener(problem);
    return problem;
  }

  #reportById(pluginId: string, message: string): void {
    const manifest = this.#running.get(pluginId)?.manifest;
    this.#report(
      manifest ?? { id: pluginId, name: pluginId, version: '', description: '', permissions: [] },
      message
    );
  }

  #changed(): void {
    for (const listener of [...this.#stateListeners]) listener();
  }
}
