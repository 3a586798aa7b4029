/**
 * What the workspace worker hosts, built once at start: the full-text index, the semantic search,
 * the tool registry with the built-in tools, and the change watcher that keeps both indexes current.
 * The per-area APIs (search-api.ts, tools-api.ts, and later agent-api.ts) are built from this one
 * object, so they share the indexes and the cancel registry without knowing about each other.
 */
import { fillTitleSortKeys, type FolioDatabase } from '$lib/db';
import { createCancelRegistry, type CancelRegistry } from '$lib/rpc';
import {
  bindToolSwitches,
  createToolRegistry,
  registerBuiltinTools,
  type ToolCallSource,
  type ToolContext,
  type ToolRegistry
} from '$lib/tools';
import { watchChanges } from './change-watcher';
import { runCancellable } from './core-api';
import { FullTextService } from './full-text';
import { SemanticHost } from './semantic-host';

/** Who a tool call is for, and its abort signal. */
export interface ToolContextOptions {
  source: ToolCallSource;
  caller?: string;
  signal?: AbortSignal;
}

/** The worker's shared services. */
export interface WorkspaceServices {
  db: FolioDatabase;
  cancels: CancelRegistry;
  fullText: FullTextService;
  semantic: SemanticHost;
  registry: ToolRegistry;
  /** A fresh ToolContext for one call: `semantic` is present only while an embedder is configured. */
  toolContext(options: ToolContextOptions): ToolContext;
  /** Runs `work` with the AbortSignal of `callId` (none without an id) and forgets the id after. */
  cancellable<T>(
    callId: string | undefined,
    work: (signal: AbortSignal | undefined) => Promise<T>
  ): Promise<T>;
  /** Stops watching and indexing (tests; a worker simply ends). */
  stop(): void;
}

/** Options of createWorkspaceServices. */
export interface WorkspaceServicesOptions {
  cancels?: CancelRegistry;
  /** Follow the change log in the background (default true; tests may drive `catchUp` by hand). */
  watch?: boolean;
  /** The full-text index, when the worker started it before loading the rest (workspace.worker.ts). */
  fullText?: FullTextService;
}

/** Builds the services; the full-text index builds in the background (searches wait for it). */
export async function createWorkspaceServices(
  db: FolioDatabase,
  options: WorkspaceServicesOptions = {}
): Promise<WorkspaceServices> {
  const cancels = options.cancels ?? createCancelRegistry();
  const fullText = options.fullText ?? new FullTextService(db);
  const semantic = new SemanticHost(db);
  const registry = createToolRegistry();
  registerBuiltinTools(registry);
  const switches = await bindToolSwitches(registry, db);
  await semantic.start();
  // Errors of the watcher only delay a reaction: every search re-reads the log itself and reports
  // its own failure, and the next poll tries again.
  const stopWatching =
    options.watch === false
      ? () => {}
      : watchChanges(
          db,
          0,
          () => {
            fullText.catchUp().catch(() => {});
            semantic.kick();
          },
          () => {}
        );

  // Notes stored before the Title order had its index get their keys once, after the search
  // index's start so as not to compete with it; failing only keeps the slower Title order.
  const backfill = new AbortController();
  if (options.watch !== false)
    void fullText.ready.then(() => fillTitleSortKeys(db, backfill.signal)).catch(() => {});

  return {
    db,
    cancels,
    fullText,
    semantic,
    registry,
    toolContext({ source, caller, signal }) {
      const search = semantic.search;
      return {
        db,
        search: { search: (query, searchOptions) => fullText.search(query, searchOptions) },
        semantic: search
          ? { search: (query, semanticOptions) => search.search(query, semanticOptions) }
          : undefined,
        signal,
        source,
        caller
      };
    },
    cancellable(callId, work) {
      return runCancellable(cancels, callId, work);
    },
    stop() {
      backfill.abort();
      stopWatching();
      switches.stop();
      semantic.stop();
      fullText.stop();
    }
  };
}
