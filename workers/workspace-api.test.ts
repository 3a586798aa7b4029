import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, type FolioDatabase } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { freshDb } from '../tests/fresh-db';
import { createWorkspaceServices, type WorkspaceServices } from './services';
import { createWorkspaceApi, workspaceAreas } from './workspace-api';

let db: FolioDatabase | undefined;
let services: WorkspaceServices | undefined;

afterEach(async () => {
  services?.stop();
  await db?.delete();
  services = undefined;
});

async function setUp(cancels = createCancelRegistry()) {
  db = freshDb();
  await db.open();
  services = await createWorkspaceServices(db, { cancels, watch: false });
  return createWorkspaceApi(services);
}

describe('createWorkspaceApi', () => {
  it('answers ping with pong', async () => {
    expect((await setUp()).ping()).toBe('pong');
  });

  it('reports the database it was given and its schema version', async () => {
    const api = await setUp();
    expect(api.info()).toEqual({ database: db!.name, schemaVersion: SCHEMA_VERSION });
  });

  it('cancels a running call by id', async () => {
    const cancels = createCancelRegistry();
    const api = await setUp(cancels);
    const signal = cancels.signal('call-1');
    expect(api.cancel('call-1')).toBe(true);
    expect(signal.aborted).toBe(true);
  });

  it('has no method name in two areas, so no area silently replaces another', async () => {
    await setUp();
    const names = Object.values(workspaceAreas(services!)).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
  });
});
