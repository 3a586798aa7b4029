/**
 * Settings → Sync → Test connection: reads the target (nothing is written) and says in words what
 * Folio found. From a browser a failed request cannot tell "server down" from "server refused
 * Folio's origin" (CORS); a second, opaque request (`mode: 'no-cors'`, which any reachable server
 * answers) tells them apart, so a CORS refusal comes with the snippet that fixes it.
 */
import type { SyncDriver } from './driver';
import { SyncError, toSyncError, type SyncErrorKind } from './errors';
import { corsSnippets, type CorsSnippet } from './cors-help';
import { itemIdOf } from './paths';
import { checkTargetInfo, parseTargetInfo } from './target-info';

/** What Test connection found. */
export interface ConnectionCheck {
  ok: boolean;
  kind?: SyncErrorKind;
  message: string;
  /** For a CORS refusal: the server configuration that allows Folio. */
  snippets?: CorsSnippet[];
}

/** Where the check runs: the app's origin, and a fetch for the opaque probe. */
export interface CheckEnvironment {
  origin: string;
  fetch?: typeof fetch;
}

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/i;

/** Checks the target behind `driver` (at `url` for WebDAV). */
export async function testConnection(
  driver: SyncDriver,
  url: string,
  env: CheckEnvironment
): Promise<ConnectionCheck> {
  if (driver.kind === 'webdav') {
    const target = new URL(url);
    if (env.origin.startsWith('https:') && target.protocol === 'http:' && !LOOPBACK.test(target.hostname)) {
      return {
        ok: false,
        kind: 'insecure',
        message: `Folio runs on https, so the browser refuses to talk to the unencrypted address ${target.origin}. Use https:// for the server.`
      };
    }
  }
  try {
    const entries = await driver.list('');
    const items = entries.filter((e) => !e.isDir && itemIdOf(e.name)).length;
    if (!entries.some((e) => e.name === 'info.json')) {
      return {
        ok: true,
        message: items
          ? `Connected, but ${driver.where} holds ${items} item files and no info.json. Sync will stop rather than guess; point Folio at the folder Joplin syncs with.`
          : `Connected to ${driver.where}. It is empty: the first sync sets it up for Folio and Joplin.`
      };
    }
    const text = await driver.getText('info.json');
    const info = parseTargetInfo(text ?? '');
    checkTargetInfo(info);
    return {
      ok: true,
      message: `Connected to ${driver.where}: a Joplin sync target (sync version ${info.version}) with ${items} item${items === 1 ? '' : 's'}.`
    };
  } catch (error) {
    const failure = toSyncError(error);
    if (
      failure.kind === 'network' &&
      driver.kind === 'webdav' &&
      (await reachable(url, env.fetch ?? fetch))
    ) {
      return {
        ok: false,
        kind: 'cors',
        message: `The server at ${new URL(url).origin} answered, but it does not allow Folio (${env.origin}) to read its answers (CORS). Add this to the server's configuration, then test again:`,
        snippets: corsSnippets(env.origin)
      };
    }
    return { ok: false, kind: failure.kind, message: failure.message };
  }
}

/** Whether the server answers at all: an opaque request succeeds whatever its CORS policy. */
async function reachable(url: string, fetcher: typeof fetch): Promise<boolean> {
  try {
    await fetcher(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(15_000)
    });
    return true;
  } catch {
    return false;
  }
}

export { SyncError };
