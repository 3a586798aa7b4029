import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, SCHEMA_VERSION, type FolioDatabase } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { createWorkspaceApi } from './workspace-api';

let db: FolioDatabase | undefined;

afterEach(async () => {
  await db?.delete();
});

describe('createWorkspaceApi', () => {
  it('answers ping with pong', () => {
    db = openDatabase('workspace-api-ping');
    expect(createWorkspaceApi({ db }).ping()).toBe('pong');
  });

  it('reports the database it was given and its schema version', async () => {
    db = openDatabase('workspace-api-info');
    await db.open();
    expect(createWorkspaceApi({ db }).info()).toEqual({ database: 'workspace-api-info', schemaVersion: SCHEMA_VERSION });
  });

  it('cancels a running call by id', () => {
    db = openDatabase('workspace-api-cancel');
    const cancels = createCancelRegistry();
    const signal = cancels.signal('call-1');
    expect(createWorkspaceApi({ db }, cancels).cancel('call-1')).toBe(true);
    expect(signal.aborted).toBe(true);
  });
});
