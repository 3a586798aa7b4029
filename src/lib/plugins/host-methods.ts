/**
 * The fixed method table a plugin frame may call on the host, with the check of every parameter.
 * The table is a frozen object without a prototype and rpc-peer looks names up with Object.hasOwn,
 * so `__proto__`, `constructor` or `toString` are unknown methods like any other.
 */
import { AppError } from '$lib/core';
import type { RpcHandler } from '$lib/rpc';
import type { JsonSchema } from '$lib/tools';
import { MAX_TOOL_DEFINITION_CHARS } from './plugin-limits';
import { assertJsonWithin } from './payload-size';

/** What a plugin declares for one of its tools. */
export interface PluginToolSpec {
  id: string;
  description: string;
  inputSchema: JsonSchema;
  /** The tool has a `render` function in the frame. */
  hasRender: boolean;
  /** How long a call may take before the host gives up. */
  timeoutMs: number;
  /** The plugin says the tool changes nothing (`annotations.readOnlyHint`); the host still checks its permissions. */
  readOnly: boolean;
  /** JSON characters of the description and schema, as a model request carries them. */
  definitionChars: number;
}

/** What the table's handlers do; the host implements it for one plugin. */
export interface HostActions {
  registerTool(spec: PluginToolSpec): Promise<void>;
  /** A registration whose parameters failed the check: reports it (naming the plugin) and returns the error to throw. */
  refuseTool(message: string): Error;
  removeTool(id: string): Promise<void>;
  setToolEnabled(id: string, enabled: boolean): Promise<void>;
  data(method: string, input: unknown): Promise<unknown>;
  reportError(message: string): void;
}

/** MCP's tool-name rule, as the registry checks it. */
const TOOL_ID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
/** A tool call's deadline: the plugin may choose within these bounds. */
export const TOOL_TIMEOUT_MS = { default: 10_000, min: 100, max: 60_000 } as const;
const MAX_DESCRIPTION_CHARS = 4_000;
const MAX_ERROR_CHARS = 1_000;

function params(value: unknown, method: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('invalid_argument', `${method} needs an object of parameters.`);
  }
  return value as Record<string, unknown>;
}

function toolId(value: unknown, method: string): string {
  if (typeof value !== 'string' || !TOOL_ID_PATTERN.test(value)) {
    throw new AppError(
      'invalid_argument',
      `${method}: a tool id must be 1 to 128 letters, digits, "_", "-" or "." (got ${JSON.stringify(String(value).slice(0, 40))}).`
    );
  }
  return value;
}

/** Checks the parameters of `ai.tools.register` and returns a clean spec. */
export function toolSpec(value: unknown): PluginToolSpec {
  const raw = params(value, 'ai.tools.register');
  const id = toolId(raw.id, 'ai.tools.register');
  if (typeof raw.description !== 'string' || !raw.description.trim())
    throw new AppError('invalid_argument', `Tool ${id} needs a description.`);
  if (raw.description.length > MAX_DESCRIPTION_CHARS)
    throw new AppError(
      'invalid_argument',
      `The description of tool ${id} is longer than ${MAX_DESCRIPTION_CHARS} characters.`
    );
  const schema = raw.inputSchema;
  if (
    typeof schema !== 'object' ||
    schema === null ||
    Array.isArray(schema) ||
    (schema as JsonSchema).type !== 'object'
  ) {
    throw new AppError(
      'invalid_argument',
      `The inputSchema of tool ${id} must be a JSON Schema with type "object".`
    );
  }
  // Measured as JSON, per reference: a schema that reuses one object many times is sent in full.
  assertJsonWithin(
    schema,
    MAX_TOOL_DEFINITION_CHARS - raw.description.length,
    `The inputSchema of tool ${id}`
  );
  const timeout =
    typeof raw.timeoutMs === 'number' && Number.isFinite(raw.timeoutMs)
      ? raw.timeoutMs
      : TOOL_TIMEOUT_MS.default;
  return {
    id,
    description: raw.description,
    // A structured clone keeps only plain data; this copy also drops any getters' later changes.
    inputSchema: structuredClone(schema) as JsonSchema,
    definitionChars: JSON.stringify(raw.description).length + JSON.stringify(schema).length,
    hasRender: raw.hasRender === true,
    readOnly: (raw.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true,
    timeoutMs: Math.min(TOOL_TIMEOUT_MS.max, Math.max(TOOL_TIMEOUT_MS.min, Math.round(timeout)))
  };
}

/** Builds the method table served to one plugin frame. */
export function hostMethods(actions: HostActions): Record<string, RpcHandler> {
  const table: Record<string, RpcHandler> = Object.create(null);
  table['tools.register'] = (p) => {
    let spec: PluginToolSpec;
    try {
      spec = toolSpec(p);
    } catch (error) {
      throw actions.refuseTool(error instanceof Error ? error.message : String(error));
    }
    return actions.registerTool(spec);
  };
  table['tools.remove'] = (p) => actions.removeTool(toolId(params(p, 'tools.remove').id, 'tools.remove'));
  table['tools.setEnabled'] = (p) => {
    const raw = params(p, 'tools.setEnabled');
    return actions.setToolEnabled(toolId(raw.id, 'tools.setEnabled'), raw.enabled === true);
  };
  table['data'] = (p) => {
    const raw = params(p, 'data');
    if (typeof raw.method !== 'string') throw new AppError('invalid_argument', 'data needs a method name.');
    return actions.data(raw.method, raw.input ?? {});
  };
  table['reportError'] = (p) => {
    const message = params(p, 'reportError').message;
    actions.reportError(typeof message === 'string' ? message.slice(0, MAX_ERROR_CHARS) : 'an unknown error');
  };
  return Object.freeze(table);
}
