// What the sidebar does when things go wrong: HTTP errors, a dropped stream, garbage on the wire and
// a crashed worker each end the turn with an alert in plain words, keep the transcript, and can be
// retried; the settings' Test reports success or the exact failure; a remote provider needs opt-in.
import { openApp } from './shell-helpers';
import { chatRequests, configureProvider, expect, openSidebar, send, test } from './agent-helpers';

const faults = [
  {
    name: 'a 401',
    turn: { type: 'error', status: 401, message: 'Invalid API key provided' },
    says: /API key|401|authori[sz]/i
  },
  {
    name: 'a 429',
    turn: { type: 'error', status: 429, message: 'Rate limit reached' },
    says: /rate|429|too many/i
  },
  { name: 'a 500', turn: { type: 'error', status: 500, message: 'Internal failure' }, says: /500|server/i },
  {
    name: 'a dropped connection',
    turn: { type: 'drop', text: 'Partial answer that never', afterPieces: 2 },
    says: /connection .* closed|ended before/i
  },
  {
    name: 'garbage on the stream',
    turn: { type: 'garbage', text: 'Hello', garbage: 'this is not JSON' },
    says: /malformed/i
  }
] as const;

for (const fault of faults) {
  test(`${fault.name} fails the turn with an alert and Retry works`, async ({ page, model }) => {
    await openApp(page);
    model.enqueue({ type: 'tool_calls', calls: [{ name: 'list_notebooks', arguments: '{}' }] }, fault.turn, {
      type: 'text',
      text: 'Second time lucky.'
    });
    await configureProvider(page, model, 'OpenAI-compatible');
    const sidebar = await openSidebar(page);
    await send(page, 'What notebooks do I have?');

    const alert = sidebar.getByRole('alert');
    await expect(alert).toContainText(fault.says);
    // The transcript keeps what the turn did before it failed.
    await expect(
      sidebar.getByRole('group').filter({ has: page.locator('summary', { hasText: 'list_notebooks' }) })
    ).toHaveCount(1);
    await sidebar.getByRole('button', { name: 'Retry' }).click();
    await expect(sidebar.getByText('Second time lucky.')).toBeVisible();
    await expect(sidebar.getByRole('alert')).toHaveCount(0);
  });
}

test('a crashed worker fails the turn with a message, restarts, and the retry runs', async ({
  page,
  model
}) => {
  await openApp(page);
  model.enqueue(
    { type: 'text', text: 'slow '.repeat(400), pieceSize: 2, delayMs: 30 },
    { type: 'text', text: 'Back again.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Talk slowly');
  await expect(sidebar.getByText(/slow slow/)).toBeVisible();

  const worker = page.workers().find((w) => w.url().includes('workspace'));
  expect(worker).toBeDefined();
  // An uncaught exception in the worker is what a crash looks like to the page.
  await worker!.evaluate(() =>
    setTimeout(() => {
      throw new Error('simulated crash');
    }, 0)
  );

  await expect(sidebar.getByRole('alert')).toContainText(/stopped unexpectedly|crashed|restarted/i);
  await sidebar.getByRole('button', { name: 'Retry' }).click();
  await expect(sidebar.getByText('Back again.')).toBeVisible();
});

test('the conversation is kept across a reload', async ({ page, model }) => {
  await openApp(page);
  model.enqueue({ type: 'text', text: 'Remember me.' });
  await configureProvider(page, model, 'OpenAI-compatible');
  let sidebar = await openSidebar(page);
  await send(page, 'Hello');
  await expect(sidebar.getByText('Remember me.')).toBeVisible();
  await page.reload();
  sidebar = await openSidebar(page);
  await expect(sidebar.getByText('Remember me.')).toBeVisible();
  await expect(sidebar.getByText('Hello', { exact: true })).toBeVisible();
  await sidebar.getByRole('button', { name: 'New chat' }).click();
  await expect(sidebar.getByText('Remember me.')).toHaveCount(0);
});

test('Test reports success, then the exact failure', async ({ page, model }) => {
  await openApp(page);
  model.enqueue(
    { type: 'text', text: 'OK' },
    { type: 'error', status: 401, message: 'Invalid API key provided' }
  );
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'OpenAI-compatible' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(`${model.url}/v1`);
  await dialog.getByRole('textbox', { name: 'Model' }).fill('scripted-model');
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toContainText('OK');
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('The server did not accept the API key');
  await expect(dialog.getByRole('alert')).toContainText(
    'Details: HTTP 401. The OpenAI-compatible server answered 401: Invalid API key provided'
  );
  expect(chatRequests(model)).toHaveLength(2);
});

test('a remote provider needs the opt-in before anything is sent', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Anthropic' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill('sk-ant-remote');
  await dialog.getByRole('textbox', { name: 'Model' }).fill('claude-remote');
  const optIn = dialog.getByRole('checkbox', { name: 'Allow sending notes to this provider' });
  await expect(optIn).not.toBeChecked();
  await expect(dialog).toContainText('api.anthropic.com is not on this device');
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('sending notes to it is not allowed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.keyboard.press('Escape');

  const sidebar = await openSidebar(page);
  await send(page, 'Hello');
  await expect(sidebar.getByRole('alert')).toContainText('allow sending notes to it in Settings');
});
