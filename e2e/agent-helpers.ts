// Shared steps of the agent specs: a scripted model server per test, the provider set up through
// the Settings dialog, and the sidebar found by role and name (UI_CONTRACT.md).
import { test as base, expect, type Page } from '@playwright/test';
import { startModelServer, type ModelServer, type ModelServerOptions } from '../tests/model-server/server';
import { openSettings } from './settings-helpers';

/**
 * A test with a fresh scripted model server on a free loopback port. `modelOptions` (set with
 * `test.use`) shapes it, e.g. a model that states its window as a real server does: a loopback
 * server that states none is planned as a 4k window, where only the tools a message needs are sent.
 */
export const test = base.extend<{ model: ModelServer; modelOptions: ModelServerOptions }>({
  modelOptions: [{}, { option: true }],
  model: async ({ modelOptions }, use) => {
    const server = await startModelServer(modelOptions);
    await use(server);
    await server.close();
  }
});
export { expect };

/** The provider families the specs run against. */
export type Wire = 'OpenAI-compatible' | 'Anthropic';

/** Sets the provider in Settings, pointing at the scripted server, and saves. */
export async function configureProvider(page: Page, model: ModelServer, wire: Wire): Promise<void> {
  const dialog = await openSettings(page, 'AI provider');
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: wire });
  await dialog
    .getByRole('textbox', { name: 'Base URL' })
    .fill(wire === 'Anthropic' ? model.url : `${model.url}/v1`);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(wire === 'Anthropic' ? 'sk-ant-e2e' : '');
  await dialog
    .getByRole('textbox', { name: 'Model' })
    .fill(wire === 'Anthropic' ? 'claude-e2e' : 'scripted-model');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens the AI sidebar and returns it. */
export async function openSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'AI assistant' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const sidebar = page.getByRole('complementary', { name: 'AI assistant' });
  await expect(sidebar).toBeVisible();
  return sidebar;
}

/** Types a message in the sidebar and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  const sidebar = page.getByRole('complementary', { name: 'AI assistant' });
  await sidebar.getByRole('textbox', { name: 'Message' }).fill(text);
  await sidebar.getByRole('button', { name: 'Send' }).click();
}

/** The id of the note with this title, read from the app's database (the script must name it). */
export async function noteIdByTitle(page: Page, title: string): Promise<string> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const notes = await new Promise<{ id: string; title: string }[]>((resolve, reject) => {
      const request = db.transaction('notes').objectStore('notes').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const note = notes.find((n) => n.title === wanted);
    if (!note) throw new Error(`No note titled ${wanted}`);
    return note.id;
  }, title);
}

/** The chat POSTs the scripted server received. */
export function chatRequests(model: ModelServer) {
  return model.requests.filter((r) => r.method === 'POST');
}
