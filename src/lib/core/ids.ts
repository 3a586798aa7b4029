/** A new item id: 32 lowercase hex characters (a UUID v4 without dashes), as Joplin uses. */
export function newId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

/** Whether `value` has the shape of an item id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
