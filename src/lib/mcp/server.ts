/**
 * The MCP server over the workspace tool registry, on the official SDK's low-level `Server` (not
 * `McpServer`, which wants zod schemas): the registry's JSON Schemas pass through unchanged, so a
 * 2020-12 schema reaches the client with its `$schema`, `$defs` and `additionalProperties`.
 *
 * One factory per context; it builds one `Server` per client session. Every server reads the same
 * registry (no second list of tools), filtered by the MCP switches (tool-access.ts). A call runs
 * with `source: 'mcp'` and the client's name from its `initialize` (clientInfo) as `caller`, so its
 * writes are named in the change log and the note's history, and with the SDK's per-request
 * AbortSignal, so a client's
 * `notifications/cancelled` (or its session closing) aborts the call. Tool failures come back as
 * `isError` results; an unknown or switched-off tool is a protocol error (Invalid params), as the
 * MCP spec says for unknown tools.
 *
 * Notes are also resources (note-resources.ts), behind the `read_note` switch: whoever may not read
 * notes through the tool may not read them as resources either.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type Tool
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext, ToolInfo, ToolRegistry } from '$lib/tools';
import type { NoteChangeFeed } from './note-changes';
import {
  BadCursorError,
  listNoteResources,
  NOTE_MIME_TYPE,
  NOTE_URI_TEMPLATE,
  noteUri,
  readNoteResource
} from './note-resources';
import type { McpToolAccess } from './tool-access';

/** MCP's error code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;
/** The tool whose switch also governs reading notes as resources. */
export const RESOURCE_GATE_TOOL = 'read_note';

/** What the servers are built from. */
export interface McpServerDeps {
  registry: ToolRegistry;
  access: McpToolAccess;
  /** The parts of a ToolContext that do not depend on the call (database, search indexes). */
  context: () => Omit<ToolContext, 'signal' | 'source' | 'caller'>;
  /** Note changes, for resource update notifications; without it no updates are sent. */
  noteChanges?: NoteChangeFeed;
  /** The server's name and version in `initialize`. */
  info?: { name: string; version: string };
}

/** Builds one MCP `Server` per session, each already wired to the registry and the switches. */
export type McpServerFactory = () => Server;

/** The server's identity when none is given. */
export const DEFAULT_SERVER_INFO = { name: 'folio', version: '0.1.0' };

const INSTRUCTIONS =
  'Folio is a local notes app. Search with search_notes, read with read_note, and cite notes by title. ' +
  'Notes are also resources at folio://note/{id} (Markdown). Write tools appear only when the user allowed them.';

/** Creates the factory of MCP servers over `deps.registry`. */
export function createMcpServerFactory(deps: McpServerDeps): McpServerFactory {
  return () => {
    const server = new Server(deps.info ?? DEFAULT_SERVER_INFO, {
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } },
      instructions: INSTRUCTIONS,
      // No eval: the app's CSP forbids it, and Ajv (the default) compiles validators with it.
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
      // Several switches flipped at once make one notification per session.
      debouncedNotificationMethods: [
        'notifications/tools/list_changed',
        'notifications/resources/list_changed'
      ]
    });
    const subscriptions = new Set<string>();
    handleTools(server, deps);
    handleResources(server, deps, subscriptions);
    const stop = notifyChanges(server, deps, subscriptions);
    const previous = server.onclose;
    server.onclose = () => {
      stop();
      previous?.();
    };
    return server;
  };
}

function listedTools(deps: McpServerDeps): ToolInfo[] {
  return deps.registry.list({ enabledOnly: true, where: (tool) => deps.access.isOn(tool) });
}

function toMcpTool(tool: ToolInfo): Tool {
  return {
    name: tool.id,
    ...(tool.annotations.title ? { title: tool.annotations.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Tool['outputSchema'] } : {}),
    annotations: { ...tool.annotations }
  };
}

function handleTools(server: Server, deps: McpServerDeps): void {
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(deps).map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = deps.registry.find(name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name}. Call tools/list for the tools this client may use.`
      );
    if (!tool.enabled || !deps.access.isOn(tool)) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `The tool ${name} is switched off for MCP clients in Folio (Settings → MCP); do not call it again.`
      );
    }
    const client = server.getClientVersion()?.name?.trim();
    const ctx: ToolContext = {
      ...deps.context(),
      signal: extra.signal,
      source: 'mcp',
      ...(client ? { caller: client.slice(0, 100) } : {})
    };
    // The registry throws only when the call was aborted: the client cancelled it (the SDK then
    // sends nothing) or its session closed (nobody to answer).
    return { ...(await deps.registry.call(name, args ?? {}, ctx)) };
  });
}

function requireResourceAccess(deps: McpServerDeps): void {
  const gate = deps.registry.find(RESOURCE_GATE_TOOL);
  if (!gate || !gate.enabled || !deps.access.isOn(gate)) {
    throw new McpError(
      ErrorCode.InvalidRequest,
      'Reading notes is turned off for MCP clients in Folio’s settings (the read_note switch).'
    );
  }
}

function handleResources(server: Server, deps: McpServerDeps, subscriptions: Set<string>): void {
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    requireResourceAccess(deps);
    try {
      return { ...(await listNoteResources(deps.context().db, request.params?.cursor)) };
    } catch (error) {
      if (error instanceof BadCursorError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: NOTE_URI_TEMPLATE,
        name: 'note',
        title: 'A Folio note',
        description: 'A note’s Markdown body, by its 32-hex id.',
        mimeType: NOTE_MIME_TYPE
      }
    ]
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    requireResourceAccess(deps);
    const contents = await readNoteResource(deps.context().db, request.params.uri);
    if (!contents)
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri}`, {
        uri: request.params.uri
      });
    return { contents: [contents] };
  });
  // A subscription is only interest in a URI: one that never names a live note is never updated,
  // and a note created later under a subscribed URI is reported when it appears.
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscriptions.delete(request.params.uri);
    return {};
  });
}

/** Sends list_changed and resources/updated to this server's client; returns the teardown. */
function notifyChanges(server: Server, deps: McpServerDeps, subscriptions: Set<string>): () => void {
  // A notification before the session is up, or after it closed, has nowhere to go.
  const send = (notify: () => Promise<void>) => {
    if (server.transport) notify().catch(() => undefined);
  };
  const toolsChanged = () => send(() => server.sendToolListChanged());
  const stops = [deps.registry.onChange(toolsChanged), deps.access.onChange(toolsChanged)];
  if (deps.noteChanges) {
    stops.push(
      deps.noteChanges.subscribe(({ ids, listChanged }) => {
        if (listChanged) send(() => server.sendResourceListChanged());
        for (const id of ids)
          if (subscriptions.has(noteUri(id))) send(() => server.sendResourceUpdated({ uri: noteUri(id) }));
      })
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}
