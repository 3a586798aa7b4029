// The bridge's two secrets: the client token (desktop MCP clients send it as a bearer token) and
// the pairing token (the Folio tab sends it when it connects). They are kept in a small file
// readable only by the user, so restarting the bridge does not break a client's saved config.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where the tokens are kept unless `--config` says otherwise. */
export function defaultTokenFile() {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'folio-bridge', 'tokens.json');
}

/** A new random token: 32 bytes, base64url. */
export function newToken() {
  return randomBytes(32).toString('base64url');
}

/**
 * The tokens: from the environment (FOLIO_BRIDGE_TOKEN, FOLIO_BRIDGE_PAIRING_TOKEN), else from
 * `file`, else new ones written to `file`. `renew` always makes new ones.
 */
export function loadTokens(file, { renew = false } = {}) {
  const fromEnv = {
    clientToken: process.env.FOLIO_BRIDGE_TOKEN,
    pairingToken: process.env.FOLIO_BRIDGE_PAIRING_TOKEN
  };
  if (fromEnv.clientToken && fromEnv.pairingToken) return fromEnv;
  if (!renew) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof stored.clientToken === 'string' && typeof stored.pairingToken === 'string') return stored;
    } catch {
      // No file yet, or unreadable: make new tokens below.
    }
  }
  const tokens = { clientToken: newToken(), pairingToken: newToken() };
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(tokens, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return tokens;
}
