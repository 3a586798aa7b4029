/**
 * The page's MCP controller: applies the MCP settings of this tab (page-settings.ts) by running
 * the bridge link, the WebMCP registration and the embedder listener, each against the session
 * host in the workspace worker (through `connectHost`, a fresh frame channel each time). It follows
 * the stored settings with Dexie's liveQuery, so a change in one tab applies in every tab.
 *
 * One controller per tab, started by the app shell's background start (`startPageMcp`); the
 * Settings section is handed the one started.
 */
import { liveQuery } from '$lib/db';
import type { ToolAnnotations, ToolContext } from '$lib/tools';
import { connectBridge, type BridgeLinkStatus } from './bridge-link';
import type { FrameChannel } from './frames';
import { acceptEmbedders } from './in-page';
import {
  loadMcpPageSettings,
  saveMcpPageSettings,
  DEFAULT_MCP_SETTINGS,
  type McpPageSettings
} from './page-settings';
import { isMcpToolOn, loadMcpToolSwitches, setMcpToolSwitch } from './tool-access';
import { findModelContext, startWebMcp } from './webmcp';

/** A tool as the Settings section lists it. */
export interface McpToolSummary {
  id: string;
  description: string;
  annotations: ToolAnnotations;
  /** The registry's own switch (the assistant's); a tool off there is off for MCP clients too. */
  enabled?: boolean;
  /** Set for a plugin's tool (off for MCP clients until the user turns it on). */
  plugin?: { pluginId: string; pluginName: string };
}

/** A tool with its MCP switch. */
export interface McpToolRow extends McpToolSummary {
  on: boolean;
}

/** What the controller is doing, for the Settings section. */
export interface PageMcpSnapshot {
  settings: McpPageSettings;
  bridge: BridgeLinkStatus;
  webmcp: 'unavailable' | 'off' | 'on' | 'failed';
}

/** Options of `startPageMcp`. */
export interface PageMcpOptions {
  db: ToolContext['db'];
  /** A fresh channel to the session host in the workspace worker. */
  connectHost: () => FrameChannel;
  /** The workspace tools (id, description, annotations) for the per-tool switches. */
  tools: () => Promise<McpToolSummary[]>;
  /** Where background failures go (the app's alerts). */
  onError: (error: unknown) => void;
  doc?: Document;
}

/** The controller's API. */
export interface PageMcp {
  readonly snapshot: PageMcpSnapshot;
  /** Calls `listener` now and after every change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: PageMcpSnapshot) => void): () => void;
  update(patch: Partial<McpPageSettings>): Promise<void>;
  /** The workspace tools with their MCP switches. */
  toolRows(): Promise<McpToolRow[]>;
  setToolOn(id: string, on: boolean): Promise<void>;
  stop(): void;
}

let current: PageMcp | null = null;

/** Starts the tab's controller (stopping a previous one). */
export function startPageMcp(options: PageMcpOptions): PageMcp {
  current?.stop();
  const listeners = new Set<(snapshot: PageMcpSnapshot) => void>();
  const hasWebMcp = findModelContext(options.doc) !== null;
  let snapshot: PageMcpSnapshot = {
    settings: DEFAULT_MCP_SETTINGS,
    bridge: { state: 'stopped' },
    webmcp: hasWebMcp ? 'off' : 'unavailable'
  };
  const publish = (patch: Partial<PageMcpSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener(snapshot);
  };
  const runners = createRunners(options, publish);
  const subscription = liveQuery(() => loadMcpPageSettings(options.db)).subscribe({
    next: (settings) => {
      publish({ settings });
      runners.apply(settings);
    },
    error: options.onError
  });
  const controller: PageMcp = {
    get snapshot() {
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(snapshot);
      return () => listeners.delete(listener);
    },
    update: async (patch) => void (await saveMcpPageSettings(options.db, patch)),
    async toolRows() {
      const [tools, switches] = await Promise.all([options.tools(), loadMcpToolSwitches(options.db)]);
      return tools.map((tool) => ({ ...tool, on: isMcpToolOn(tool, switches) }));
    },
    setToolOn: (id, on) => setMcpToolSwitch(options.db, id, on),
    stop() {
      subscription.unsubscribe();
      runners.stopAll();
      listeners.clear();
      if (current === controller) current = null;
    }
  };
  current = controller;
  return controller;
}

/** Starts and stops the three carriers as the settings change. */
function createRunners(options: PageMcpOptions, publish: (patch: Partial<PageMcpSnapshot>) => void) {
  let bridgeKey = '';
  let stopBridge: (() => void) | undefined;
  let stopWebMcp: (() => void) | undefined;
  let webMcpWanted = false;
  let webMcpRun = 0;
  let stopEmbedders: (() => void) | undefined;
  let origins: string[] = [];

  const applyBridge = (s: McpPageSettings) => {
    const key = s.desktop && s.pairingToken ? `${s.bridgeUrl}\n${s.pairingToken}` : '';
    if (key === bridgeKey) return;
    bridgeKey = key;
    stopBridge?.();
    stopBridge = undefined;
    if (!key) return publish({ bridge: { state: 'stopped' } });
    const link = connectBridge({
      url: s.bridgeUrl,
      pairingToken: s.pairingToken,
      connectHost: options.connectHost,
      onStatus: (bridge) => publish({ bridge })
    });
    stopBridge = () => link.stop();
  };

  const applyWebMcp = (s: McpPageSettings) => {
    const context = findModelContext(options.doc);
    const wanted = s.webmcp && context !== null;
    if (wanted === webMcpWanted) return;
    webMcpWanted = wanted;
    stopWebMcp?.();
    stopWebMcp = undefined;
    const run = ++webMcpRun;
    if (!wanted || !context) return publish({ webmcp: context ? 'off' : 'unavailable' });
    startWebMcp(context, options.connectHost(), options.onError).then(
      (stop) => {
        // Turned off (or off and on again) while starting: this run is stale.
        if (run !== webMcpRun) return stop();
        stopWebMcp = stop;
        publish({ webmcp: 'on' });
      },
      (error) => {
        if (run !== webMcpRun) return;
        webMcpWanted = false;
        publish({ webmcp: 'failed' });
        options.onError(error);
      }
    );
  };

  const applyEmbedders = (s: McpPageSettings) => {
    origins = s.embedOrigins;
    if (origins.length > 0 && !stopEmbedders && typeof window !== 'undefined') {
      stopEmbedders = acceptEmbedders({ allowedOrigins: () => origins, connectHost: options.connectHost });
    } else if (origins.length === 0 && stopEmbedders) {
      stopEmbedders();
      stopEmbedders = undefined;
    }
  };

  return {
    apply(s: McpPageSettings) {
      applyBridge(s);
      applyWebMcp(s);
      applyEmbedders(s);
    },
    stopAll() {
      this.apply({ ...DEFAULT_MCP_SETTINGS });
    }
  };
}
