/**
 * Tool-call formats for in-browser models, one per model family: the format each family was trained
 * to write (its chat template's), so a small model calls tools in words it knows and writes its
 * reply as free Markdown around the calls. web-llm's native `tools` exist only for its Hermes
 * models, so for every model the tools are described in the system prompt the way the family's
 * template does it, and decoding is constrained with a `structural_tag` response format: text is
 * free until the family's trigger, and each call after it must be one of this turn's tools with
 * arguments valid against that tool's schema (XGrammar compiles it; see webllm-structural.ts).
 *
 * | family  | models                           | a call, as the model writes it                               |
 * |---------|----------------------------------|--------------------------------------------------------------|
 * | qwen    | Qwen2.5, Qwen3                   | `<tool_call>\n{"name": N, "arguments": {…}}\n</tool_call>`   |
 * | hermes  | Hermes-2-Pro, Hermes-3           | `<tool_call>\n{"arguments": {…}, "name": N}\n</tool_call>`   |
 * | llama3  | Llama 3.1, 3.2, 3.3              | `{"name": N, "parameters": {…}}` (JSON tool calling)          |
 * | generic | the rest (Phi, Gemma, SmolLM, …) | Qwen's `<tool_call>` form, which is taught by the prompt     |
 *
 * Sources: Qwen2.5/Qwen3's chat template (tools in `<tools></tools>`, results in
 * `<tool_response></tool_response>`); NousResearch's Hermes 2 Pro / Hermes 3 function-calling
 * format (arguments first; web-llm's own Hermes prompt says the same); Meta's Llama 3.1/3.2
 * JSON-based tool calling ("Respond in the format {"name": function name, "parameters":
 * dictionary of argument name and its value}"). Several calls in one answer are allowed in every
 * family (one after another).
 */
import type { ToolSpec } from './types';

/** The model families with a tool-call format of their own. */
export type ToolFormatFamily = 'qwen' | 'hermes' | 'llama3' | 'generic';

/** How one family writes and reads tool calls. */
export interface ToolCallFormat {
  family: ToolFormatFamily;
  /** The text that opens a call: decoding is free until it appears. */
  trigger: string;
  /** What comes before the arguments of a call to `name` (starts with `trigger`). */
  begin(name: string): string;
  /** What closes a call to `name` after its arguments. */
  end(name: string): string;
  /** The system-prompt block describing the tools, as the family's chat template writes it. */
  instructions(tools: ToolSpec[]): string;
  /** A tool result as the user turn that carries it back. */
  result(name: string, content: string, isError: boolean): string;
  /** Finds the complete calls in an answer: their spans, names and raw argument text. */
  findCalls(text: string): FoundCall[];
}

/** A call found in a model's answer. */
export interface FoundCall {
  name: string;
  /** The argument JSON, exactly as written. */
  arguments: string;
  /** Where the call's text starts and ends in the answer. */
  start: number;
  end: number;
}

/** A tool as the templates list it: the OpenAI function JSON. */
function functionJson(tool: ToolSpec): string {
  return JSON.stringify({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema }
  });
}

/** A JSON string literal's text, for matching a tool name in a call. */
const quoted = (name: string) => JSON.stringify(name);

/**
 * Finds `begin … end` calls where the arguments are the first complete JSON value after `begin`
 * (decoding guarantees one, so a balanced-brace scan that respects strings finds it).
 */
function scanCalls(
  text: string,
  trigger: string,
  read: (text: string, at: number) => { name: string; arguments: string; end: number } | null
): FoundCall[] {
  const calls: FoundCall[] = [];
  for (let at = text.indexOf(trigger); at >= 0; at = text.indexOf(trigger, at + 1)) {
    const found = read(text, at);
    if (!found) continue;
    calls.push({ name: found.name, arguments: found.arguments, start: at, end: found.end });
    at = found.end - 1;
  }
  return calls;
}

/** The end of the JSON value that starts at `from` (an object or array), or -1 if it is not closed. */
export function jsonValueEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Reads `{"<first>": …, "<second>": …}` where one key holds the name and the other the arguments. */
function readObjectCall(nameKey: string, argsKey: string, nameFirst: boolean) {
  const open = nameFirst
    ? new RegExp(`^\\{\\s*"${nameKey}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")\\s*,\\s*"${argsKey}"\\s*:\\s*`)
    : new RegExp(`^\\{\\s*"${argsKey}"\\s*:\\s*`);
  return (json: string): { name: string; arguments: string; length: number } | null => {
    const head = open.exec(json);
    if (!head) return null;
    const argsStart = head[0].length;
    const argsEnd = jsonValueEnd(json, argsStart);
    if (argsEnd < 0) return null;
    let name: string;
    let rest = json.slice(argsEnd);
    if (nameFirst) name = JSON.parse(head[1]) as string;
    else {
      const tail = new RegExp(`^\\s*,\\s*"${nameKey}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(rest);
      if (!tail) return null;
      name = JSON.parse(tail[1]) as string;
      rest = rest.slice(tail[0].length);
    }
    const close = /^\s*\}/.exec(rest);
    if (!close) return null;
    return {
      name,
      arguments: json.slice(argsStart, argsEnd),
      length: json.length - rest.length + close[0].length
    };
  };
}

/** The `<tool_call>` families: Qwen (name first, the generic form too) and Hermes (arguments first). */
function taggedFormat(
  family: ToolFormatFamily,
  nameFirst: boolean,
  instructions: (tools: ToolSpec[]) => string
): ToolCallFormat {
  const read = readObjectCall('name', 'arguments', nameFirst);
  return {
    family,
    trigger: '<tool_call>',
    begin: (name) =>
      nameFirst ? `<tool_call>\n{"name": ${quoted(name)}, "arguments": ` : '<tool_call>\n{"arguments": ',
    end: (name) => (nameFirst ? '}\n</tool_call>' : `, "name": ${quoted(name)}}\n</tool_call>`),
    instructions,
    result: (name, content, isError) =>
      `<tool_response>\n${JSON.stringify({ name, ...(isError ? { error: true } : {}), content })}\n</tool_response>`,
    findCalls: (text) =>
      scanCalls(text, '<tool_call>', (all, at) => {
        const body = /^<tool_call>\s*/.exec(all.slice(at));
        if (!body) return null;
        const start = at + body[0].length;
        const call = read(all.slice(start));
        if (!call) return null;
        const close = /^\s*<\/tool_call>/.exec(all.slice(start + call.length));
        return close
          ? { name: call.name, arguments: call.arguments, end: start + call.length + close[0].length }
          : null;
      })
  };
}

const QWEN_INSTRUCTIONS = (tools: ToolSpec[]) =>
  [
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    '',
    'You are provided with function signatures within <tools></tools> XML tags:',
    '<tools>',
    ...tools.map(functionJson),
    '</tools>',
    '',
    'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
    '<tool_call>',
    '{"name": <function-name>, "arguments": <args-json-object>}',
    '</tool_call>',
    'Write your answer to the user as plain Markdown, outside the tags.'
  ].join('\n');

const HERMES_INSTRUCTIONS = (tools: ToolSpec[]) =>
  [
    "You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions. Here are the available tools:",
    '<tools>',
    ...tools.map(functionJson),
    '</tools>',
    'For each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags as follows:',
    '<tool_call>',
    '{"arguments": <args-dict>, "name": <function-name>}',
    '</tool_call>',
    'When you need no function, answer the user in plain Markdown.'
  ].join('\n');

/**
 * The generic family has no template of its own to follow, so its instructions are the Qwen form
 * without the template's boilerplate, and tools are listed without the `{"type": "function"}`
 * wrapper: on a 4k window, about 120 tokens saved for ten tools (bench:prompt).
 */
const GENERIC_INSTRUCTIONS = (tools: ToolSpec[]) =>
  [
    '# Tools',
    'To call a function, write <tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call> (one block per call). Functions:',
    ...tools.map((t) =>
      JSON.stringify({ name: t.name, description: t.description, parameters: t.inputSchema })
    ),
    'Write your answer to the user as plain Markdown, outside the tags.'
  ].join('\n');

const LLAMA3_INSTRUCTIONS = (tools: ToolSpec[]) =>
  [
    'You have access to the following functions. To call a function, respond with a JSON for a function call with its proper arguments.',
    'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables. You may make several calls, one per line.',
    'When no function is needed, answer the user in plain Markdown.',
    '',
    ...tools.map(functionJson)
  ].join('\n');

const llama3: ToolCallFormat = {
  family: 'llama3',
  trigger: '{"name": ',
  begin: (name) => `{"name": ${quoted(name)}, "parameters": `,
  end: () => '}',
  instructions: LLAMA3_INSTRUCTIONS,
  // Llama's template gives results in an `ipython` turn; web-llm's templates have no such role, so
  // the result goes in a user turn, labelled as the output of the call.
  result: (name, content, isError) => `${isError ? 'Error from' : 'Output of'} ${name}: ${content}`,
  findCalls: (text) => {
    const read = readObjectCall('name', 'parameters', true);
    return scanCalls(text, '{"name": ', (all, at) => {
      const call = read(all.slice(at));
      return call ? { name: call.name, arguments: call.arguments, end: at + call.length } : null;
    });
  }
};

const FORMATS: Record<ToolFormatFamily, ToolCallFormat> = {
  qwen: taggedFormat('qwen', true, QWEN_INSTRUCTIONS),
  hermes: taggedFormat('hermes', false, HERMES_INSTRUCTIONS),
  llama3,
  generic: taggedFormat('generic', true, GENERIC_INSTRUCTIONS)
};

/** Which family's tool-call format a WebLLM model id speaks. */
export function toolFormatFamily(modelId: string): ToolFormatFamily {
  if (/^Qwen[23](\.\d)?-/i.test(modelId)) return 'qwen';
  if (/^Hermes-(2-Pro|3)-/i.test(modelId)) return 'hermes';
  if (/^Llama-3\.[123]-/i.test(modelId)) return 'llama3';
  return 'generic';
}

/** The tool-call format of a family. */
export function toolCallFormat(family: ToolFormatFamily): ToolCallFormat {
  return FORMATS[family];
}
