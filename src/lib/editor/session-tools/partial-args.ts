/*
 * Reading a tool call's arguments while the model is still writing them (streamed JSON), to draw a
 * suggestion that grows as it is written. Only what the session tools take is read: a flat object
 * of string fields. Each field is reported with its value so far and whether its string closed.
 * Hand-written because it needs the "closed yet?" bit per field, which tolerant JSON parsers drop.
 */

/** A string field of a partial JSON object. */
export interface PartialField {
  value: string;
  complete: boolean;
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t'
};

/** Reads a JSON string starting at `at` (just after its opening quote). */
function readString(text: string, at: number): { value: string; end: number; complete: boolean } {
  let value = '';
  let i = at;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') return { value, end: i + 1, complete: true };
    if (ch !== '\\') {
      value += ch;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      if (i + 6 > text.length) break;
      value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      value += ESCAPES[next] ?? next;
      i += 2;
    }
  }
  return { value, end: text.length, complete: false };
}

/** The string fields of a (possibly unfinished) JSON object, by key. */
export function partialArguments(text: string): Record<string, PartialField> {
  const fields: Record<string, PartialField> = {};
  let i = text.indexOf('{');
  if (i < 0) return fields;
  i++;
  while (i < text.length) {
    const keyStart = text.indexOf('"', i);
    if (keyStart < 0) break;
    const key = readString(text, keyStart + 1);
    if (!key.complete) break;
    const colon = text.indexOf(':', key.end);
    if (colon < 0) break;
    let j = colon + 1;
    while (j < text.length && /\s/.test(text[j])) j++;
    if (j >= text.length) break;
    if (text[j] !== '"') {
      // Not a string (number, object…): skip to the next field.
      const comma = text.indexOf(',', j);
      if (comma < 0) break;
      i = comma + 1;
      continue;
    }
    const value = readString(text, j + 1);
    fields[key.value] = { value: value.value, complete: value.complete };
    if (!value.complete) break;
    i = value.end;
  }
  return fields;
}
