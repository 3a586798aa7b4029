// Where the browser tests find Chromium: $CHROMIUM_PATH, else Debian's /usr/bin/chromium.
// Playwright's own browser download is not available on every machine, so we use the system's.
import { existsSync } from 'node:fs';

/** The Chromium executable the browser tests launch, or null when there is none. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/** The flags every headless launch uses (see README: why each one). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
];
