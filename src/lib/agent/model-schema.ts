/**
 * The schema a model is shown for a tool: the tool's input schema without the keywords that only
 * serve validation. Every argument is still validated against the full schema before a handler runs
 * (and a violation tells the model the limit it crossed), so the model loses nothing it needs, and
 * each turn saves the tokens of `maxLength: 1000000` and `additionalProperties: false` on every
 * tool, which matter with the 4k-token windows of in-browser models.
 */

/** Keywords a model does not need to call a tool well; they are enforced by validation instead. */
const VALIDATION_ONLY = new Set(['additionalProperties', 'maxLength', 'minLength', 'maxItems', 'minItems']);

/** A copy of `schema` without validation-only keywords, at every depth. */
export function modelFacingSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => modelFacingSchema(item)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (VALIDATION_ONLY.has(key)) continue;
    // Inside `properties` the keys are argument names, not keywords: keep them all.
    result[key] = key === 'properties' ? mapValues(value, modelFacingSchema) : modelFacingSchema(value);
  }
  return result as T;
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fn(v)]));
}
