/**
 * Checks a tool call's arguments against the tool's JSON Schema before any handler runs, and words
 * the failure so the model can correct its call. @cfworker/json-schema is used because it needs no
 * `eval`/`new Function` (Ajv does), which the app's CSP and workers rule out.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema } from './types';

// One validator per schema object: the tool list of a turn reuses the same schema objects.
const validators = new WeakMap<JsonSchema, Validator>();

// Keywords that only say "a sub-schema failed"; the sub-schema's own error says what.
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'false']);

/** Problems with `input` under `schema`, one line each; empty when it is valid. */
export function schemaProblems(schema: JsonSchema, input: unknown): string[] {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as ConstructorParameters<typeof Validator>[0], '2020-12', false);
    validators.set(schema, validator);
  }
  const result = validator.validate(input);
  if (result.valid) return [];
  const problems = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword)).map(describe);
  return problems.length > 0 ? [...new Set(problems)] : result.errors.map(describe);
}

function describe(unit: OutputUnit): string {
  const where = unit.instanceLocation.replace(/^#\/?/, '').replace(/\//g, '.');
  if (unit.keyword === 'additionalProperties') return unit.error.replace(' does not match additional properties schema', ' is not allowed');
  return where ? `${where}: ${unit.error}` : unit.error;
}
