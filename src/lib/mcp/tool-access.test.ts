import { describe, expect, it } from 'vitest';
import { freshDb } from '../../../tests/fresh-db';
import { settle } from './mcp-test-kit';
import { followMcpToolAccess, isMcpToolOn, loadMcpToolSwitches, setMcpToolSwitch } from './tool-access';

const readTool = { id: 'read_note', annotations: { readOnlyHint: true } };
const writeTool = { id: 'delete_note', annotations: { readOnlyHint: false, destructiveHint: true } };

describe('MCP tool switches', () => {
  it('turns read tools on and write tools off by default', () => {
    expect([isMcpToolOn(readTool, {}), isMcpToolOn(writeTool, {})]).toEqual([true, false]);
  });

  it('treats a tool without annotations as a write tool', () => {
    expect(isMcpToolOn({ id: 'plugin_x', annotations: {} }, {})).toBe(false);
  });

  it('follows the stored switch over the default', () => {
    expect([
      isMcpToolOn(readTool, { read_note: false }),
      isMcpToolOn(writeTool, { delete_note: true })
    ]).toEqual([false, true]);
  });

  it('stores one switch and keeps the others', async () => {
    const db = freshDb();
    await setMcpToolSwitch(db, 'create_note', true);
    await setMcpToolSwitch(db, 'search_notes', false);
    expect(await loadMcpToolSwitches(db)).toEqual({ create_note: true, search_notes: false });
  });

  it('ignores stored values that are not booleans', async () => {
    const db = freshDb();
    await db.settings.put({ key: 'mcp.tools', value: { create_note: 'yes', read_note: false } });
    expect(await loadMcpToolSwitches(db)).toEqual({ read_note: false });
  });

  it('sees a switch stored after it started following, and says so', async () => {
    const db = freshDb();
    const access = await followMcpToolAccess(db, (e) => {
      throw e;
    });
    let changes = 0;
    access.onChange(() => void changes++);
    await setMcpToolSwitch(db, 'delete_note', true);
    for (let i = 0; i < 50 && changes === 0; i++) await settle(10);
    expect([access.isOn(writeTool), changes]).toEqual([true, 1]);
    access.stop();
  });
});
