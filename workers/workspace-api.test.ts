import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '$lib/db';
import { createCancelRegistry } from '$lib/rpc';
import { useTestWorkspace } from './test-services';
import { createWorkspaceApi, workspaceAreas } from './workspace-api';

const workspace = useTestWorkspace();

async function setUp(cancels = createCancelRegistry()) {
  await workspace.open({ defaultNotebook: false });
  return createWorkspaceApi(await workspace.start({ cancels }));
}

describe('createWorkspaceApi', () => {
  it('answers ping with pong', async () => {
    expect((await setUp()).ping()).toBe('pong');
  });

  it('reports the database it was given and its schema version', async () => {
    const api = await setUp();
    expect(api.info()).toEqual({ database: workspace.db.name, schemaVersion: SCHEMA_VERSION });
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
    const names = Object.values(workspaceAreas(workspace.services)).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
  });
});
