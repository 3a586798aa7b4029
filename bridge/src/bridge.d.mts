// Types of the bridge's public API, for TypeScript callers (the tests). The bridge itself is plain
// JavaScript so it runs on Node 20 without a build step.

/** Options of startBridge. */
export interface BridgeOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** The token MCP clients send as `Authorization: Bearer …`. */
  clientToken: string;
  /** The token the Folio tab sends when it connects. */
  pairingToken: string;
  /** More browser origins allowed to call /mcp (the loopback origins always are). */
  allowedOrigins?: string[];
  /** When set, only these origins may connect as the tab. */
  allowedTabOrigins?: string[];
  log?: (line: string) => void;
  /** How long an unused session lives (default SESSION_IDLE_MS). */
  sessionIdleMs?: number;
  /** Sessions kept at once (default MAX_CLIENT_SESSIONS). */
  maxSessions?: number;
}

/** A running bridge. */
export interface Bridge {
  port: number;
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  /** ws://127.0.0.1:PORT/tab */
  tabUrl: string;
  readonly tabConnected: boolean;
  readonly sessionCount: number;
  close(): Promise<void>;
}

export const DEFAULT_PORT: number;
export const MAX_BATCH: number;
export const MAX_CLIENT_SESSIONS: number;
export const SESSION_IDLE_MS: number;
export function startBridge(options: BridgeOptions): Promise<Bridge>;
