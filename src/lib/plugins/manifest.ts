/**
 * The plugin file format. A plugin is ONE JavaScript file whose first comment is its manifest, as
 * JSON, after the marker `@folio-plugin`:
 *
 *   /* @folio-plugin
 *   { "id": "com.example.packing", "name": "Packing lists", "version": "1.0.0",
 *     "description": "Plans what to pack.", "permissions": ["notes:read"] }
 *   *\/
 *   folio.plugins.register({ onStart: async () => { ... } });
 *
 * One file keeps installing simple (a file picker, no archive reader) and lets an author test the
 * same file in the sandbox that users run. Everything in the manifest is checked here, because the
 * file comes from anywhere.
 */
import { AppError } from '$lib/core';
import { foldName } from '$lib/tools';
import { isPermission, type Permission } from './permissions';

/** What a plugin says about itself. */
export interface PluginManifest {
  /** Unique among installed plugins: lower-case letters, digits, `.`, `-`, `_`; 2 to 64 chars. */
  id: string;
  name: string;
  version: string;
  description: string;
  permissions: Permission[];
}

/** A parsed plugin file. */
export interface PluginPackage {
  manifest: PluginManifest;
  script: string;
}

/** The largest plugin file accepted, in characters. */
export const MAX_PLUGIN_FILE_CHARS = 2_000_000;
const MAX_NAME_CHARS = 80;
const MAX_DESCRIPTION_CHARS = 500;
const ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,63}$/;
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,32})?$/;
const HEADER_PATTERN = /^\s*\/\*\s*@folio-plugin\b([\s\S]*?)\*\//;

function invalid(message: string): AppError {
  return new AppError('invalid_argument', message);
}

/** Reads a plugin file: the manifest header and the script (the whole file). Throws AppError 'invalid_argument'. */
export function parsePluginFile(text: string): PluginPackage {
  if (typeof text !== 'string' || !text.trim()) throw invalid('The plugin file is empty.');
  if (text.length > MAX_PLUGIN_FILE_CHARS)
    throw invalid(`The plugin file is larger than ${MAX_PLUGIN_FILE_CHARS / 1_000_000} MB.`);
  const header = HEADER_PATTERN.exec(text);
  if (!header)
    throw invalid(
      'This is not a Folio plugin: the file must start with a /* @folio-plugin { ... } */ manifest comment.'
    );
  let json: unknown;
  try {
    json = JSON.parse(header[1]);
  } catch (error) {
    throw invalid(`The plugin manifest is not valid JSON (${(error as Error).message}).`);
  }
  return { manifest: validateManifest(json), script: text };
}

function text(value: unknown, field: string, max: number, required = true): string {
  if (value === undefined && !required) return '';
  if (typeof value !== 'string' || (required && !value.trim()))
    throw invalid(`The plugin manifest needs a "${field}" text.`);
  if (value.length > max) throw invalid(`The plugin manifest's "${field}" is longer than ${max} characters.`);
  return value.trim();
}

/** Checks a manifest from any source and returns a clean copy (unknown fields dropped). */
export function validateManifest(value: unknown): PluginManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('The plugin manifest must be a JSON object.');
  const raw = value as Record<string, unknown>;
  const id = text(raw.id, 'id', 64);
  if (!ID_PATTERN.test(id))
    throw invalid(`The plugin id "${id}" must be 2 to 64 lower-case letters, digits, ".", "-" or "_".`);
  const version = text(raw.version, 'version', 48);
  if (!VERSION_PATTERN.test(version)) throw invalid(`The plugin version "${version}" must look like 1.2.3.`);
  const permissions = raw.permissions ?? [];
  if (!Array.isArray(permissions)) throw invalid('The plugin manifest\'s "permissions" must be a list.');
  for (const permission of permissions) {
    if (!isPermission(permission))
      throw invalid(`The plugin asks for an unknown permission: ${JSON.stringify(permission)}.`);
  }
  const name = text(raw.name, 'name', MAX_NAME_CHARS);
  // The transcript and the model's framing name a plugin's tools "from plugin NAME".
  if (foldName(name) === 'folio') throw invalid('A plugin may not call itself Folio.');
  return {
    id,
    name,
    version,
    description: text(raw.description, 'description', MAX_DESCRIPTION_CHARS, false),
    permissions: [...new Set(permissions as Permission[])]
  };
}
