// WebMCP: with the browser's WebMCP on, the tab registers its MCP-enabled tools with
// document.modelContext; this spec acts as the browser's agent through the DevTools protocol
// (WebMCP.enable, WebMCP.invokeTool) and checks annotations, results and unregistration.
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/chromium-path.mjs';
import { allowTool, openMcpSettings } from './mcp-helpers';
import { createNote, notesList, openApp } from './shell-helpers';

test.use({
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [...CHROMIUM_ARGS, '--enable-features=WebMCP']
  }
});

interface AddedTool {
  name: string;
  annotations: { readOnly: boolean; consequential: boolean; untrustedContent: boolean };
}

/** The agent's view: the tools the page registered, kept current from CDP events. */
async function agent(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const tools = new Map<string, AddedTool>();
  const responses = new Map<
    string,
    { status: string; output?: unknown; errorText?: string; exception?: { description?: string } }
  >();
  cdp.on('WebMCP.toolsAdded', (event: { tools: AddedTool[] }) =>
    event.tools.forEach((t) => tools.set(t.name, t))
  );
  cdp.on('WebMCP.toolsRemoved', (event: { tools?: { name: string }[]; toolNames?: string[] }) => {
    for (const t of event.tools ?? []) tools.delete(t.name);
    for (const name of event.toolNames ?? []) tools.delete(name);
  });
  cdp.on('WebMCP.toolResponded', (event: { invocationId: string; status: string }) =>
    responses.set(event.invocationId, event)
  );
  await cdp.send('WebMCP.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const invoke = async (toolName: string, input: Record<string, unknown>) => {
    const { invocationId } = (await cdp.send(
      'WebMCP.invokeTool' as never,
      { frameId: frameTree.frame.id, toolName, input } as never
    )) as { invocationId: string };
    await expect.poll(() => responses.has(invocationId)).toBe(true);
    return responses.get(invocationId)!;
  };
  return { tools, invoke };
}

/** A tool's output: Chromium hands back JSON text already parsed, other text as is. */
function outputOf(response: { output?: unknown }): any {
  return typeof response.output === 'string' ? JSON.parse(response.output) : response.output;
}

async function shareWithBrowserAgent(page: Page) {
  const dialog = await openMcpSettings(page);
  await dialog.getByRole('checkbox', { name: 'Share tools with the browser’s AI agent (WebMCP)' }).check();
  return dialog;
}

test('the browser agent gets the read tools, marked read-only', async ({ page }) => {
  await openApp(page);
  const { tools } = await agent(page);
  await shareWithBrowserAgent(page);
  await expect.poll(() => [...tools.keys()]).toContain('read_note');
  expect(tools.has('create_note')).toBe(false);
  expect(tools.get('search_notes')?.annotations.readOnly).toBe(true);
});

test('the browser agent searches and reads a note', async ({ page }) => {
  await openApp(page);
  await createNote(page, 'Tide table', 'High water at 06:12.');
  const { tools, invoke } = await agent(page);
  await shareWithBrowserAgent(page);
  await expect.poll(() => tools.has('search_notes')).toBe(true);
  const search = await invoke('search_notes', { query: 'water' });
  expect(search.status).toBe('Completed');
  const hit = outputOf(search).results[0];
  expect(hit.title).toBe('Tide table');
  const read = await invoke('read_note', { id: hit.id });
  expect(outputOf(read).body).toContain('High water at 06:12.');
});

test('a write tool the user allows is consequential and its note appears in the tab', async ({ page }) => {
  await openApp(page);
  const { tools, invoke } = await agent(page);
  await shareWithBrowserAgent(page);
  await allowTool(page, 'create_note');
  await expect.poll(() => tools.get('create_note')?.annotations.consequential).toBe(true);
  await page.keyboard.press('Escape');
  const created = await invoke('create_note', { title: 'Agent wrote this' });
  expect(created.status).toBe('Completed');
  await expect(notesList(page).getByRole('option', { name: 'Agent wrote this' })).toBeVisible();
});

test('a failing call reaches the agent as an error', async ({ page }) => {
  await openApp(page);
  const { tools, invoke } = await agent(page);
  await shareWithBrowserAgent(page);
  await expect.poll(() => tools.has('read_note')).toBe(true);
  const read = await invoke('read_note', { id: '0'.repeat(32) });
  expect(read.status).toBe('Error');
});

test('turning WebMCP off unregisters the tools', async ({ page }) => {
  await openApp(page);
  const dialog = await shareWithBrowserAgent(page);
  await expect
    .poll(() =>
      page.evaluate(async () => ((await (document as any).modelContext.getTools()) as unknown[]).length)
    )
    .toBeGreaterThan(0);
  await dialog.getByRole('checkbox', { name: 'Share tools with the browser’s AI agent (WebMCP)' }).uncheck();
  await expect
    .poll(() =>
      page.evaluate(async () => ((await (document as any).modelContext.getTools()) as unknown[]).length)
    )
    .toBe(0);
});
