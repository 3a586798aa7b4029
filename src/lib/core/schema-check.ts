/**
 * Validation of a tool call's input against the tool's JSON Schema: the one checker and the one
 * wording, used by the workspace registry (for every caller: the agent, MCP, WebMCP, plugins) and by
 * the agent for the calls the registry never sees (session tools, writes to the open note). Without `eval`: Ajv compiles schemas with
 * `new Function`, which our Content-Security-Policy forbids, so we use @cfworker/json-schema, an
 * interpreter. Its raw output lists every failing keyword, including summary entries ("Property x
 * does not match schema") and the inner errors of each `anyOf` branch; a model needs one line per
 * real problem, naming the field and what was expected, so `describeIssues` rewrites that output.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';

/** A JSON Schema object (draft 2020-12). */
type JsonSchema = Record<string, unknown>;

/** The most problems reported at once; beyond that the model should fix these first. */
const MAX_REPORTED_ISSUES = 6;
/** Keywords whose error only says "something below failed"; the error below says what. */
const SUMMARY_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  '$recursiveRef',
  'allOf',
  'dependentSchemas',
  'patternProperties',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems'
]);
const COMBINATORS = new Set(['anyOf', 'oneOf', 'not']);

/** Checks a value against a schema; returns readable problems (empty when valid). */
export type SchemaCheck = (value: unknown) => string[];

/** Compiles `schema` once (draft 2020-12) into a check that is run on every call. */
export function compileSchema(schema: JsonSchema): SchemaCheck {
  const validator = new Validator(schema as Schema, '2020-12', false);
  return (value) => {
    const result = validator.validate(value);
    return result.valid ? [] : describeIssues(result.errors, schema, value);
  };
}

// One check per schema object: a turn's tool list reuses the same schema objects.
const checks = new WeakMap<JsonSchema, SchemaCheck>();

/** The problems of `value` under `schema` (compiled on first use, then reused); empty when valid. */
export function schemaIssues(schema: JsonSchema, value: unknown): string[] {
  let check = checks.get(schema);
  if (!check) checks.set(schema, (check = compileSchema(schema)));
  return check(value);
}

/** What a caller reads when a tool refuses its arguments: the tool's id and every problem. */
export function invalidArgumentsText(id: string, issues: readonly string[]): string {
  return `Invalid arguments for ${id}: ${issues.join('; ')}.`;
}

/** Turns the validator's raw errors into at most MAX_REPORTED_ISSUES lines like "limit: must be at most 100 (got 500)". */
export function describeIssues(errors: OutputUnit[], schema: JsonSchema, value: unknown): string[] {
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword)).map((e) => e.keywordLocation + '/');
  const messages: string[] = [];
  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    if (combinators.some((prefix) => error.keywordLocation.startsWith(prefix))) continue;
    const message = describeIssue(error, schema, value);
    if (message && !messages.includes(message)) messages.push(message);
  }
  if (messages.length === 0) messages.push('input: does not match the schema');
  return messages.slice(0, MAX_REPORTED_ISSUES);
}

function describeIssue(error: OutputUnit, schema: JsonSchema, root: unknown): string | null {
  const segments = pointerSegments(error.instanceLocation);
  const path = displayPath(segments);
  const value = resolve(root, segments);
  const keywordValue = resolve(schema, pointerSegments(error.keywordLocation));
  const parentSchema = resolve(schema, pointerSegments(error.keywordLocation).slice(0, -1)) as
    JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const name = /property "(.+)"/.exec(error.error)?.[1];
      return name ? `${joinPath(segments, name)}: required` : `${path}: ${error.error}`;
    }
    case 'additionalProperties': {
      const name = /Property "(.+)" does not match/.exec(error.error)?.[1];
      if (parentSchema?.additionalProperties !== false || !name) return null; // a schema: its own errors say more
      const allowed = Object.keys((parentSchema.properties as object | undefined) ?? {});
      return `${joinPath(segments, name)}: unknown property${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
    }
    case 'false':
      return null; // reported as an unknown property by its additionalProperties entry
    default:
      return `${path}: ${expectation(error, keywordValue, parentSchema, value)}`;
  }
}

/** What the schema expected, said plainly, with what it got. */
function expectation(
  error: OutputUnit,
  expected: unknown,
  parent: JsonSchema | undefined,
  value: unknown
): string {
  const got = ` (got ${preview(value)})`;
  switch (error.keyword) {
    case 'type': {
      const types = Array.isArray(expected) ? expected : [expected];
      return `must be ${types.map(article).join(' or ')}${got}`;
    }
    case 'minimum':
      return `must be at least ${expected}${got}`;
    case 'maximum':
      return `must be at most ${expected}${got}`;
    case 'exclusiveMinimum':
      return `must be greater than ${expected}${got}`;
    case 'exclusiveMaximum':
      return `must be less than ${expected}${got}`;
    case 'multipleOf':
      return `must be a multiple of ${expected}${got}`;
    case 'minLength':
      return expected === 1
        ? 'must not be empty'
        : `must be at least ${expected} characters (got ${lengthOf(value)})`;
    case 'maxLength':
      return `must be at most ${expected} characters (got ${lengthOf(value)})`;
    case 'minItems':
      return `must have at least ${expected} item${expected === 1 ? '' : 's'} (got ${lengthOf(value)})`;
    case 'maxItems':
      return `must have at most ${expected} items (got ${lengthOf(value)})`;
    case 'uniqueItems':
      return 'must not contain duplicates';
    case 'enum':
      return `must be one of ${Array.isArray(expected) ? expected.map((v) => JSON.stringify(v)).join(', ') : '?'}${got}`;
    case 'const':
      return `must be ${JSON.stringify(expected)}${got}`;
    case 'pattern':
      return `must match the pattern ${expected}${got}`;
    case 'format':
      return `must be a valid ${expected}${got}`;
    case 'anyOf':
    case 'oneOf':
      return alternatives(error.keyword, expected);
    case 'not':
      return forbidden(expected);
    default:
      return error.error.replace(/\.$/, '');
  }
}

/** `anyOf: [{required: [a]}, {required: [b]}]` reads "needs at least one of: a, b". */
function alternatives(keyword: string, branches: unknown): string {
  const names = Array.isArray(branches) ? branches.map(requiredOnly) : [];
  if (names.length && names.every((n) => n)) {
    return keyword === 'anyOf'
      ? `needs at least one of: ${names.join(', ')}`
      : `needs exactly one of: ${names.join(', ')}`;
  }
  return keyword === 'anyOf'
    ? 'must match at least one of the allowed forms'
    : 'must match exactly one of the allowed forms';
}

/** `not: {required: [a, b]}` reads "a and b cannot be used together". */
function forbidden(schema: unknown): string {
  const names = requiredOnly(schema);
  return names
    ? `${names.replaceAll(' + ', ' and ')} cannot be used together`
    : 'has a combination of values the tool does not allow';
}

/** For a schema that is only `{required: [...]}`, its names joined with " + ". */
function requiredOnly(schema: unknown): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const keys = Object.keys(schema);
  const required = (schema as { required?: unknown }).required;
  if (keys.length !== 1 || !Array.isArray(required)) return null;
  return required.join(' + ');
}

function article(type: unknown): string {
  const name = String(type);
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  return Array.isArray(value) ? value.length : 0;
}

/** A short, safe rendering of a value for a message. */
function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return value.length > 60 ? `${JSON.stringify(value.slice(0, 60))}…` : JSON.stringify(value);
  return `${typeof value === 'number' ? '' : typeof value + ' '}${String(value)}`;
}

function pointerSegments(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'));
}

function resolve(root: unknown, segments: string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** `["replace_text", "find"]` → "replace_text.find"; `["add", "1"]` → "add[1]"; root → "input". */
function displayPath(segments: string[]): string {
  let path = '';
  for (const segment of segments)
    path += /^\d+$/.test(segment) ? `[${segment}]` : path ? `.${segment}` : segment;
  return path || 'input';
}

function joinPath(segments: string[], name: string): string {
  return displayPath([...segments, name]);
}
