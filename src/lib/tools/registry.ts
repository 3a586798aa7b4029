/**
 * The workspace tool registry: one table of tools that the AI sidebar calls in-process and the MCP
 * server and WebMCP expose. It is pure (no storage): the per-tool switches are persisted by
 * `tool-switches.ts`, which drives `enable`/`disable` here.
 *
 * `call` validates the input against the tool's schema (compiled once, at registration), runs the
 * handler, and turns whatever happens into an MCP result: a tool-level failure (bad arguments, a
 * missing note, a handler exception) is a result with `isError: true` the model can act on. Only an
 * abort is thrown, because then nobody is waiting for a result. An abort returns at once but cannot
 * stop a write already inside its transaction: that write lands whole or not at all, never half.
 */
import { AppError, compileSchema, invalidArgumentsText, raceAbort, type SchemaCheck } from '$lib/core';
import { errorResult, failureMessage, successResult } from './result';
import type {
  ToolContext,
  ToolDefinition,
  ToolHandle,
  ToolInfo,
  ToolListFilter,
  ToolRegistryChange,
  ToolResult
} from './types';

/** MCP's advice for tool names: 1 to 128 of letters, digits, `_`, `-` and `.`. */
const TOOL_ID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The registry's API (see `createToolRegistry`). */
export interface ToolRegistry {
  /** Adds a tool (on unless `enabled: false`). Throws on a duplicate id, a bad id or a non-object schema. */
  register(definition: ToolDefinition, options?: { enabled?: boolean }): ToolHandle;
  /** The registered tools in registration order, optionally filtered. */
  list(filter?: ToolListFilter): ToolInfo[];
  /** A tool by id. */
  find(id: string): ToolInfo | undefined;
  /** Turns a tool's switch on or off; a no-op (and no event) when unchanged or unknown. */
  setEnabled(id: string, enabled: boolean): void;
  /** Validates `input`, runs the tool and returns its result. Throws only AppError 'aborted'. */
  call(id: string, input: unknown, ctx: ToolContext): Promise<ToolResult>;
  /** Listens to registrations, removals and switches; returns the unsubscribe function. */
  onChange(listener: (change: ToolRegistryChange) => void): () => void;
}

interface Entry {
  definition: ToolDefinition;
  checkInput: SchemaCheck;
  checkOutput?: SchemaCheck;
  enabled: boolean;
}

/** Creates an empty registry. */
export function createToolRegistry(): ToolRegistry {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(change: ToolRegistryChange) => void>();

  const emit = (change: ToolRegistryChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        // One faulty listener must not break the registry or the others; report it as uncaught.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  const setEnabled = (id: string, enabled: boolean) => {
    const entry = entries.get(id);
    if (!entry || entry.enabled === enabled) return;
    entry.enabled = enabled;
    emit({ kind: enabled ? 'enabled' : 'disabled', id });
  };

  return {
    register(definition, options = {}) {
      const entry = compileEntry(definition, options.enabled ?? true);
      if (entries.has(definition.id))
        throw new AppError('conflict', `A tool with id "${definition.id}" is already registered.`);
      entries.set(definition.id, entry);
      emit({ kind: 'registered', id: definition.id });
      return {
        id: definition.id,
        enable: () => setEnabled(definition.id, true),
        disable: () => setEnabled(definition.id, false),
        remove: () => {
          // Only this registration: a later one under the same id has its own handle.
          if (entries.get(definition.id) !== entry) return;
          entries.delete(definition.id);
          emit({ kind: 'removed', id: definition.id });
        }
      };
    },
    list(filter = {}) {
      const all = [...entries.values()].map(info);
      return all.filter(
        (tool) => (!filter.enabledOnly || tool.enabled) && (!filter.where || filter.where(tool))
      );
    },
    find(id) {
      const entry = entries.get(id);
      return entry ? info(entry) : undefined;
    },
    setEnabled,
    call: (id, input, ctx) => callEntry(id, entries.get(id), input, ctx),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }
  };
}

function compileEntry(definition: ToolDefinition, enabled: boolean): Entry {
  if (!TOOL_ID_PATTERN.test(definition.id ?? '')) {
    throw new TypeError(
      `Tool id ${JSON.stringify(definition.id)} must be 1 to 128 letters, digits, "_", "-" or ".".`
    );
  }
  if (typeof definition.handler !== 'function')
    throw new TypeError(`Tool ${definition.id} has no handler function.`);
  for (const [name, schema] of [
    ['inputSchema', definition.inputSchema],
    ['outputSchema', definition.outputSchema ?? { type: 'object' }]
  ] as const) {
    if (schema?.type !== 'object')
      throw new TypeError(`Tool ${definition.id}: ${name} must be a JSON Schema with type "object".`);
  }
  return {
    definition,
    checkInput: compileSchema(definition.inputSchema),
    checkOutput: definition.outputSchema ? compileSchema(definition.outputSchema) : undefined,
    enabled
  };
}

function info(entry: Entry): ToolInfo {
  const { id, description, inputSchema, outputSchema, annotations, writesNote, plugin } = entry.definition;
  return {
    id,
    description,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    annotations,
    ...(writesNote ? { writesNote } : {}),
    ...(plugin ? { plugin: { ...plugin } } : {}),
    enabled: entry.enabled
  };
}

async function callEntry(
  id: string,
  entry: Entry | undefined,
  input: unknown,
  ctx: ToolContext
): Promise<ToolResult> {
  if (!entry) return errorResult(`Unknown tool "${id}".`);
  if (!entry.enabled)
    return errorResult(`The tool ${id} is turned off in the settings; do not call it again.`);
  throwIfAborted(id, ctx.signal);
  const args = input ?? {}; // MCP lets a client omit the arguments of a tool that takes none.
  const issues = entry.checkInput(args);
  if (issues.length) return errorResult(invalidArgumentsText(id, issues));
  let payload: unknown;
  try {
    payload = await raceAbort(
      Promise.resolve().then(() => entry.definition.handler(args, ctx)),
      ctx.signal,
      () => abortError(id)
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'aborted') throw error;
    return errorResult(failureMessage(id, error));
  }
  if (!entry.checkOutput) return successResult(payload, false);
  const isObject = payload !== null && typeof payload === 'object' && !Array.isArray(payload);
  const outputIssues = isObject ? entry.checkOutput(payload) : ['output: must be an object'];
  if (outputIssues.length)
    return errorResult(
      `Internal error in ${id}: its output does not match its output schema (${outputIssues.join('; ')}).`
    );
  return successResult(payload, true);
}

function abortError(id: string): AppError {
  return new AppError('aborted', `The call to ${id} was cancelled.`);
}

function throwIfAborted(id: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(id);
}
