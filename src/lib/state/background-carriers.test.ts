import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from './workspace.svelte';

const controller = { stop: vi.fn() };
const startTabMcp = vi.fn(() => controller);
vi.mock('./tab-mcp', () => ({ startTabMcp }));

const { startTabMcpLater, tabMcp } = await import('./background-carriers');

function fakeWorkspace() {
  return { alerts: { report: vi.fn() } } as unknown as Workspace & {
    alerts: { report: ReturnType<typeof vi.fn> };
  };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('startTabMcpLater', () => {
  it('gives no controller before the shell starts one', async () => {
    expect(await tabMcp()).toBeNull();
  });

  it('hands the started controller to tabMcp and stops it with the shell', async () => {
    const ws = fakeWorkspace();
    const stop = startTabMcpLater(ws);
    expect(await tabMcp()).toBe(controller);
    expect(startTabMcp).toHaveBeenCalledWith(ws);
    stop();
    await vi.waitFor(() => expect(controller.stop).toHaveBeenCalledOnce());
    expect(await tabMcp()).toBeNull();
  });

  it('starts nothing when the shell goes away before the code has loaded', async () => {
    const stop = startTabMcpLater(fakeWorkspace());
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startTabMcp).not.toHaveBeenCalled();
    expect(await tabMcp()).toBeNull();
  });
});
