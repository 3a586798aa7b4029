/**
 * WebMCP: where the browser offers `document.modelContext` (Chromium with WebMCP enabled), the tab
 * registers the MCP-enabled workspace tools there, so the browser's own agent can use them. The
 * tools are the ones an MCP client of this tab sees (listed and called through an MCP session on
 * the session host), so the switches in Settings apply unchanged; a `tools/list_changed` re-registers
 * the set. Everything registered is unregistered through its AbortSignal when WebMCP is turned off.
 *
 * Chromium 156 takes `readOnlyHint`, `consequentialHint` and `untrustedContentHint`: a write is
 * consequential (it changes the user's notes), and what read tools return is the user's notes,
 * which may hold text from anywhere (pasted web pages), so it is marked untrusted content.
 */
import type { FrameChannel } from './frames';
import { connectPageClient, type PageMcpClient } from './page-client';

/** The `document.modelContext` surface Folio uses. */
export interface ModelContextLike {
  registerTool(tool: WebMcpTool, options?: { signal?: AbortSignal }): unknown;
}

/** A tool as `registerTool` takes it. */
export interface WebMcpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: Record<string, boolean>;
  execute(input: Record<string, unknown>): Promise<string>;
}

interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

/** The browser's model context, or null where WebMCP is not available. */
export function findModelContext(doc: Document | undefined = globalThis.document): ModelContextLike | null {
  const context = (doc as (Document & { modelContext?: ModelContextLike }) | undefined)?.modelContext;
  return context && typeof context.registerTool === 'function' ? context : null;
}

/** The annotations WebMCP gets for an MCP tool. */
export function webMcpAnnotations(annotations: ListedTool['annotations'] = {}): Record<string, boolean> {
  const readOnly = annotations.readOnlyHint === true;
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && annotations.destructiveHint !== false,
    consequentialHint: !readOnly,
    untrustedContentHint: readOnly
  };
}

/** Calls `name` through the session; an isError result becomes a thrown Error the agent sees. */
async function callTool(
  client: PageMcpClient,
  name: string,
  input: Record<string, unknown>
): Promise<string> {
  const result = await client.request<{ content?: { type: string; text?: string }[]; isError?: boolean }>(
    'tools/call',
    { name, arguments: input ?? {} }
  );
  const text = (result.content ?? [])
    .map((block) => (block.type === 'text' ? (block.text ?? '') : `[${block.type}]`))
    .join('\n');
  if (result.isError) throw new Error(text || `${name} failed`);
  return text;
}

/**
 * Registers the enabled tools with `modelContext` and follows changes until the returned stop
 * function is called. `channel` is a fresh channel to the session host.
 */
export async function startWebMcp(
  modelContext: ModelContextLike,
  channel: FrameChannel,
  onError: (error: unknown) => void
): Promise<() => void> {
  const client = await connectPageClient(channel, 'webmcp', 'Browser agent (WebMCP)');
  let registration = new AbortController();
  let stopped = false;
  const register = async () => {
    registration.abort();
    const current = new AbortController();
    registration = current;
    const { tools } = await client.request<{ tools: ListedTool[] }>('tools/list');
    if (current.signal.aborted || stopped) return;
    for (const tool of tools) {
      modelContext.registerTool(
        {
          name: tool.name,
          ...(tool.title ? { title: tool.title } : {}),
          description: tool.description ?? tool.name,
          inputSchema: tool.inputSchema,
          annotations: webMcpAnnotations(tool.annotations),
          execute: (input) => callTool(client, tool.name, input)
        },
        { signal: current.signal }
      );
    }
  };
  client.onNotification = (method) => {
    if (method === 'notifications/tools/list_changed') register().catch(onError);
  };
  await register();
  return () => {
    stopped = true;
    registration.abort();
    client.close();
  };
}
