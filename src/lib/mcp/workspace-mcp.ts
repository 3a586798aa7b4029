/**
 * The MCP endpoint of a workspace context, in one call for the worker: a session host whose
 * servers (and the SDK behind them) are built on the first session, with the MCP switches and the
 * note-change feed followed from then on.
 */
import type { ToolContext, ToolRegistry } from '$lib/tools';
import type { FrameChannel } from './frames';
import { createMcpSessionHost, type McpSessionHost } from './session-host';
import type { McpServerDeps } from './server';
import { followNoteChanges, type NoteChangeFeed } from './note-changes';
import { followMcpToolAccess, type McpToolAccess } from './tool-access';

/** What the workspace's MCP endpoint is built from. */
export interface WorkspaceMcpOptions {
  registry: ToolRegistry;
  /** The call-independent part of a ToolContext (db, search indexes), read at each call. */
  context: () => Omit<ToolContext, 'signal' | 'source' | 'caller'>;
  /** Where background failures go (reading the switches, following the change log). */
  onError: (error: unknown) => void;
  info?: McpServerDeps['info'];
}

/** The endpoint: its session host, and `stop` to end every session and stop following. */
export interface WorkspaceMcp {
  host: McpSessionHost;
  stop(): Promise<void>;
}

/** Builds the endpoint; nothing is loaded or followed until the first session opens. */
export function createWorkspaceMcp(options: WorkspaceMcpOptions): WorkspaceMcp {
  let access: McpToolAccess | undefined;
  let noteChanges: NoteChangeFeed | undefined;
  const host = createMcpSessionHost(async () => {
    const db = options.context().db;
    const [server, followed, changes] = await Promise.all([
      import('./server'),
      followMcpToolAccess(db, options.onError),
      followNoteChanges(db, options.onError)
    ]);
    access = followed;
    noteChanges = changes;
    return server.createMcpServerFactory({
      registry: options.registry,
      access,
      noteChanges,
      context: options.context,
      info: options.info
    });
  });
  return {
    host,
    async stop() {
      await host.closeAll();
      access?.stop();
      noteChanges?.stop();
    }
  };
}

/** Options of `createMcpWorkerApi`: the endpoint's, plus how a transferred port becomes a channel. */
export interface McpWorkerApiOptions extends WorkspaceMcpOptions {
  /** `messagePortTransport` from `$lib/rpc`. */
  channelOf: (port: MessagePort) => FrameChannel;
}

/**
 * The MCP methods of the workspace worker's API: `mcpAttach(port)` serves MCP session frames over
 * a MessagePort the page transferred (one per carrier: bridge link, WebMCP, an embedder).
 */
export function createMcpWorkerApi(options: McpWorkerApiOptions) {
  const mcp = createWorkspaceMcp(options);
  return {
    /** Serves MCP sessions over `port` until either side closes it. */
    mcpAttach(port: MessagePort): void {
      mcp.host.attach(options.channelOf(port));
    },
    /** How many MCP sessions are open (for diagnostics and tests). */
    mcpSessionCount(): number {
      return mcp.host.size;
    }
  };
}
