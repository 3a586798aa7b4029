/**
 * The page's MCP settings (how this tab may be reached), stored in the settings table under
 * MCP_SETTINGS_KEY. All off by default: no bridge link, no WebMCP registration, no embedder.
 * Which tools are served is the separate `mcp.tools` map (tool-access.ts).
 */
import type { ToolContext } from '$lib/tools';

type Database = ToolContext['db'];

/** The settings key of the page's MCP settings. */
export const MCP_SETTINGS_KEY = 'mcp.settings';

/** How this tab may be reached by MCP clients. */
export interface McpPageSettings {
  /** `Allow desktop MCP clients`: link to the bridge. */
  desktop: boolean;
  /** `Bridge URL`, as the bridge printed it. */
  bridgeUrl: string;
  /** `Pairing token`, as the bridge printed it. */
  pairingToken: string;
  /** Register the tools with the browser's agent (WebMCP) where the browser has it. */
  webmcp: boolean;
  /** Origins of pages allowed to embed Folio as an MCP server (exact `scheme://host[:port]`). */
  embedOrigins: string[];
}

/** The settings before the user changed anything. */
export const DEFAULT_MCP_SETTINGS: McpPageSettings = Object.freeze({
  desktop: false,
  bridgeUrl: 'http://127.0.0.1:7411',
  pairingToken: '',
  webmcp: false,
  embedOrigins: []
}) as McpPageSettings;

/** The stored settings, with defaults for anything missing or malformed. */
export async function loadMcpPageSettings(db: Database): Promise<McpPageSettings> {
  const value = (await db.settings.get(MCP_SETTINGS_KEY))?.value as Partial<McpPageSettings> | undefined;
  return normalizeMcpPageSettings(value);
}

/** Fills in defaults and drops values of the wrong type. */
export function normalizeMcpPageSettings(
  value: Partial<McpPageSettings> | undefined | null
): McpPageSettings {
  const v = value && typeof value === 'object' ? value : {};
  const bool = (x: unknown, d: boolean) => (typeof x === 'boolean' ? x : d);
  const str = (x: unknown, d: string) => (typeof x === 'string' ? x : d);
  return {
    desktop: bool(v.desktop, DEFAULT_MCP_SETTINGS.desktop),
    bridgeUrl: str(v.bridgeUrl, DEFAULT_MCP_SETTINGS.bridgeUrl),
    pairingToken: str(v.pairingToken, ''),
    webmcp: bool(v.webmcp, false),
    embedOrigins: Array.isArray(v.embedOrigins)
      ? v.embedOrigins.filter((o): o is string => typeof o === 'string' && parseOrigin(o) === o)
      : []
  };
}

/** Stores a change to the settings. */
export async function saveMcpPageSettings(
  db: Database,
  patch: Partial<McpPageSettings>
): Promise<McpPageSettings> {
  return db.transaction('rw', db.settings, async () => {
    const next = normalizeMcpPageSettings({ ...(await loadMcpPageSettings(db)), ...patch });
    await db.settings.put({ key: MCP_SETTINGS_KEY, value: next });
    return next;
  });
}

/** The origin `input` names (`https://app.example:8443`), or null when it is not an http(s) origin. */
export function parseOrigin(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
