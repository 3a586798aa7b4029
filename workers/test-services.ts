// The set-up the worker API tests share: a fresh database and the workspace services over it,
// stopped and deleted after each test so no test sees another's notes or timers.
import { afterEach } from 'vitest';
import { ensureDefaultNotebook, type FolioDatabase } from '$lib/db';
import type { CancelRegistry } from '$lib/rpc';
import { freshDb } from '../tests/fresh-db';
import { createWorkspaceServices, type WorkspaceServices } from './services';

/** The database and services one worker test runs against; see useTestWorkspace. */
export interface TestWorkspace {
  /** The database `open` made; throws before it. */
  readonly db: FolioDatabase;
  /** The services `start` made last; throws before it. */
  readonly services: WorkspaceServices;
  /**
   * Opens a fresh database, with the default notebook the app makes on first start unless
   * `defaultNotebook` is false. Call it first only to write what exists before the worker starts.
   */
  open(options?: { defaultNotebook?: boolean }): Promise<FolioDatabase>;
  /**
   * Starts services over the database (opened with the default notebook if not yet), without the
   * change watcher: the indexes catch up when a call reads them, not on a timer. Services started
   * earlier are left to the test to stop.
   */
  start(options?: { cancels?: CancelRegistry }): Promise<WorkspaceServices>;
}

/** A TestWorkspace for the calling test file, whose services stop and database goes after each test. */
export function useTestWorkspace(): TestWorkspace {
  let db: FolioDatabase | undefined;
  let services: WorkspaceServices | undefined;
  afterEach(async () => {
    services?.stop();
    await db?.delete();
    services = undefined;
    db = undefined;
  });
  return {
    get db() {
      if (!db) throw new Error('open() the test workspace first');
      return db;
    },
    get services() {
      if (!services) throw new Error('start() the test workspace first');
      return services;
    },
    async open({ defaultNotebook = true } = {}) {
      db = freshDb();
      if (defaultNotebook) await ensureDefaultNotebook(db);
      else await db.open();
      return db;
    },
    async start({ cancels } = {}) {
      services = await createWorkspaceServices(db ?? (await this.open()), { cancels, watch: false });
      return services;
    }
  };
}
