// The in-browser model in the built app, with a web-llm-shaped engine in place of web-llm (no
// weights can be downloaded here) and Chromium's software WebGPU adapter (no shader-f16): the
// picker offers this GPU's models with the f32 default recommended, the download shows progress and
// can be paused (resuming where it stopped) and cancelled, a downloaded model can be deleted,
// switching models unloads the previous one from the GPU, and a chat turn runs in the family's
// tool-call format under a structural tag.
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/chromium-path.mjs';
import { fakeWebLlmEvents, installFakeWebLlm } from './fake-web-llm';
import { openSidebar, send } from './agent-helpers';
import { openApp } from './shell-helpers';

const QWEN_F32 = 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC';
const LLAMA_F32 = 'Llama-3.2-1B-Instruct-q4f32_1-MLC';

// The service worker would serve the real chunk past the route; WebGPU needs the unsafe flag headless.
test.use({
  serviceWorkers: 'block',
  launchOptions: {
    executablePath: chromiumPath() ?? undefined,
    args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu']
  }
});

test.beforeEach(async ({ context }) => installFakeWebLlm(context));
// Downloads are paced pieces, and the first turn loads the family's tokenizer (several MB) in the
// worker: slow on a loaded machine, so these tests get more time than the default.
test.describe.configure({ timeout: 120_000 });

async function openProvider(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In-browser (WebLLM)' });
  return dialog;
}

const events = async (page: Page, type: string, model?: string) =>
  (await fakeWebLlmEvents(page)).filter((e) => e.type === type && (!model || e.model === model));

test('recommends the f32 build on a GPU without shader-f16 and lists no f16 model', async ({ page }) => {
  await openApp(page);
  const dialog = await openProvider(page);
  const picker = dialog.getByRole('combobox', { name: 'Model', exact: true });
  await expect(picker).toHaveValue(QWEN_F32);
  await expect(picker.locator('option:checked')).toHaveText(/\(recommended\)/);
  expect(await picker.locator('option', { hasText: /q\df16/ }).count()).toBe(0);
  await expect(dialog.getByText(/download · .* of GPU memory · 4k tokens of context/)).toBeVisible();
  await expect(
    dialog.getByText('This GPU lacks 16-bit shaders, so only the f32 builds are listed.')
  ).toBeVisible();
});

test('downloads with progress, pauses and resumes, then deletes the model', async ({ page }) => {
  await openApp(page);
  const dialog = await openProvider(page);
  await dialog.getByRole('button', { name: 'Download model' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Downloading model' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 })
    .toBeGreaterThan(0.05);
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Download paused' })).toBeVisible();
  await expect(bar).toBeHidden();

  await dialog.getByRole('button', { name: 'Download model' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: `${QWEN_F32} is downloaded and ready` })
  ).toBeVisible({ timeout: 30_000 });
  // Resumed: the second download started from the pieces the first one had stored, not from zero.
  const reloads = await events(page, 'reload', QWEN_F32);
  expect(reloads).toHaveLength(2);
  expect(reloads[0].fromPiece).toBe(0);
  expect(reloads[1].fromPiece).toBeGreaterThan(0);
  const picker = dialog.getByRole('combobox', { name: 'Model', exact: true });
  await expect(picker.locator('option:checked')).toHaveText(/recommended, downloaded/);
  await expect(dialog.getByText(/This site uses .* of the .* this browser allows it\./)).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete downloaded model' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: `Deleted ${QWEN_F32}` })).toBeVisible();
  await expect(picker.locator('option:checked')).not.toHaveText(/downloaded/);
  // The loaded model left the GPU before its files were deleted.
  expect(await events(page, 'unload', QWEN_F32)).not.toHaveLength(0);
  await expect(dialog.getByRole('button', { name: 'Download model' })).toBeVisible();
});

test('cancels a download and keeps nothing of it', async ({ page }) => {
  await openApp(page);
  const dialog = await openProvider(page);
  await dialog.getByRole('combobox', { name: 'Model', exact: true }).selectOption(LLAMA_F32);
  await dialog.getByRole('button', { name: 'Download model' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Downloading model' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel download' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Download cancelled' })).toBeVisible();
  await expect(
    dialog.getByRole('combobox', { name: 'Model', exact: true }).locator('option:checked')
  ).not.toHaveText(/downloaded/);
  expect(await events(page, 'delete', LLAMA_F32)).toHaveLength(1);
});

test('unloads the previous model when another is loaded, and chats in the Qwen tool-call format', async ({
  page
}) => {
  await openApp(page);
  const dialog = await openProvider(page);
  await dialog.getByRole('button', { name: 'Download model' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: `${QWEN_F32} is downloaded and ready` })
  ).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Saved.')).toBeVisible();
  await page.keyboard.press('Escape');

  const sidebar = await openSidebar(page);
  await send(page, 'Hello');
  await expect(
    sidebar.getByText('Hello from the in-browser model. How can I help with your notes?')
  ).toBeVisible({ timeout: 60_000 });
  const [request] = await events(page, 'request', QWEN_F32);
  expect(request.responseFormat?.type).toBe('structural_tag');
  expect(request.responseFormat?.structural_tag?.format.triggers).toEqual(['<tool_call>']);
  expect(await events(page, 'unload', QWEN_F32)).toHaveLength(0);

  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('combobox', { name: 'Model', exact: true }).selectOption(LLAMA_F32);
  await dialog.getByRole('button', { name: 'Download model' }).click();
  await expect.poll(() => events(page, 'unload', QWEN_F32).then((e) => e.length)).toBe(1);
  await expect(
    dialog.getByRole('status').filter({ hasText: `${LLAMA_F32} is downloaded and ready` })
  ).toBeVisible({ timeout: 30_000 });
});
