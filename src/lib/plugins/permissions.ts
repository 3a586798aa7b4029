/**
 * What a plugin may ask for, and which `folio.data` call needs which permission. Data calls run
 * the workspace's own tools as the plugin (source 'plugin'), so every write a plugin makes saves a
 * revision first and shows in the history like an AI edit.
 */

/** The permissions a manifest may list. */
export const PERMISSIONS = ['notes:read', 'notes:write', 'network'] as const;

/** One permission. */
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a plugin do, in words for the install prompt and the plugin row. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'notes:read': 'Read your notes, notebooks and tags',
  'notes:write':
    'Create and change notes, notebooks and tags (each change can be undone from the note history)',
  network: 'Connect to the internet (https)'
};

/** Whether `value` is a known permission. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** A data call: the workspace tool it runs and the permission it needs. */
export interface DataMethod {
  tool: string;
  permission: Permission;
}

/**
 * The data calls a plugin can make (`folio.data.<name>(input)`), by name. The input is the tool's
 * own input (see the tool's schema), so plugins and the AI share one validated path.
 */
export const DATA_METHODS: Readonly<Record<string, DataMethod>> = Object.freeze({
  readNote: { tool: 'read_note', permission: 'notes:read' },
  searchNotes: { tool: 'search_notes', permission: 'notes:read' },
  listNotebooks: { tool: 'list_notebooks', permission: 'notes:read' },
  listTags: { tool: 'list_tags', permission: 'notes:read' },
  createNote: { tool: 'create_note', permission: 'notes:write' },
  updateNote: { tool: 'update_note', permission: 'notes:write' },
  createNotebook: { tool: 'create_notebook', permission: 'notes:write' },
  manageTags: { tool: 'manage_tags', permission: 'notes:write' }
});

/** The data method `name`, or undefined (looked up with Object.hasOwn: no prototype names). */
export function dataMethod(name: string): DataMethod | undefined {
  return typeof name === 'string' && Object.hasOwn(DATA_METHODS, name) ? DATA_METHODS[name] : undefined;
}
