/**
 * The real Joplin command-line client (3.6.2) as the other device: a profile folder configured for
 * a WebDAV target (sync target 6) or a local folder (sync target 2), and a few commands the sync
 * tests read its library with. The client stays running for the profile (joplin-session.ts), so
 * its start-up is paid once, not per command.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOPLIN_DIR } from '../interop/joplin-cli';
import { joplinSession } from '../interop/joplin-session';
import type { DavServer } from './dav-server';

/** One Joplin profile. */
export interface JoplinPeer {
  profile: string;
  run(...args: string[]): Promise<string>;
  sync(): Promise<string>;
  /** The library as Joplin's RAW export (conflicts and the trash left out, as Joplin exports): file name → text. */
  exportRaw(): Promise<Map<string, string>>;
  /** Reads Joplin's own database (read-only), for what its commands do not show: conflicts, the trash. */
  notes(): Promise<
    {
      id: string;
      title: string;
      body: string;
      is_conflict: number;
      deleted_time: number;
      conflict_original_id: string;
    }[]
  >;
  /** Ends the client and deletes the profile. */
  close(): Promise<void>;
}

async function peer(configure: (run: JoplinPeer['run']) => Promise<void>): Promise<JoplinPeer> {
  const profile = mkdtempSync(join(tmpdir(), 'folio-joplin-sync-'));
  const session = joplinSession(profile);
  const run = session.run;
  await configure(run);
  return {
    profile,
    run,
    async sync() {
      const out = await run('sync');
      if (/error|failed/i.test(out) && !/Completed/.test(out)) throw new Error(`joplin sync: ${out}`);
      return out;
    },
    async exportRaw() {
      const dir = join(profile, `raw-${Date.now()}`);
      await run('export', '--format', 'raw', dir);
      const files = new Map<string, string>();
      for (const name of readdirSync(dir))
        if (name.endsWith('.md')) files.set(name, readFileSync(join(dir, name), 'utf8'));
      return files;
    },
    notes: () => readNotes(join(profile, 'database.sqlite')),
    async close() {
      await session.close();
      rmSync(profile, { recursive: true, force: true });
    }
  };
}

/** A Joplin profile syncing with `folder` on the WebDAV server (the folder must exist). */
export function joplinOnWebDav(server: DavServer, folder: string): Promise<JoplinPeer> {
  return peer(async (run) => {
    await run('config', 'sync.target', '6');
    await run('config', 'sync.6.path', server.url(folder));
    await run('config', 'sync.6.username', server.username);
    await run('config', 'sync.6.password', server.password);
  });
}

/** A Joplin profile syncing with a local folder (Joplin's "File system" target). */
export function joplinOnFolder(path: string): Promise<JoplinPeer> {
  return peer(async (run) => {
    await run('config', 'sync.target', '2');
    await run('config', 'sync.2.path', path);
  });
}

/** The value of `key` in a RAW item's text. */
export function rawField(text: string, key: string): string | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${key}: `) || l === `${key}:`);
  return line?.slice(key.length + 1).trim();
}

type NoteRow = Awaited<ReturnType<JoplinPeer['notes']>>[number];

function readNotes(file: string): Promise<NoteRow[]> {
  // Joplin's own sqlite3 build, from its install folder.
  const sqlite3 = createRequire(join(JOPLIN_DIR, 'node_modules/'))('sqlite3');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
    db.all(
      'SELECT id, title, body, is_conflict, deleted_time, conflict_original_id FROM notes',
      (error: Error | null, rows: NoteRow[]) => {
        db.close();
        if (error) reject(error);
        else resolve(rows);
      }
    );
  });
}
