// The AI sidebar against the scripted model server, in the built app: the spec's packing-list case
// over both wires, a call to a tool that does not exist, a runaway loop, and Stop mid-stream.
import { body, createNote, notesList, openApp } from './shell-helpers';
import {
  chatRequests,
  configureProvider,
  expect,
  noteIdByTitle,
  openSidebar,
  send,
  test,
  type Wire
} from './agent-helpers';

for (const wire of ['OpenAI-compatible', 'Anthropic'] as Wire[]) {
  test(`finds the last packing list and adds socks to it (${wire})`, async ({ page, model }) => {
    await openApp(page);
    await createNote(page, 'Packing list', '- tent');
    await createNote(page, 'Groceries', 'Milk');
    const id = await noteIdByTitle(page, 'Packing list');
    model.enqueue(
      { type: 'tool_calls', calls: [{ name: 'search_notes', arguments: '{"query":"packing list"}' }] },
      { type: 'tool_calls', calls: [{ name: 'read_note', arguments: JSON.stringify({ id }) }] },
      {
        type: 'tool_calls',
        calls: [{ name: 'update_note', arguments: JSON.stringify({ id, append: '- socks' }) }]
      },
      { type: 'text', text: 'I added socks to your packing list.', pieceSize: 4 }
    );
    await configureProvider(page, model, wire);
    const sidebar = await openSidebar(page);
    await send(page, 'Find my last packing list and add socks to it');

    await expect(sidebar.getByText('I added socks to your packing list.')).toBeVisible();
    for (const tool of ['search_notes', 'read_note', 'update_note']) {
      await expect(
        sidebar.getByRole('group').filter({ has: page.locator('summary', { hasText: tool }) })
      ).toHaveCount(1);
    }
    await expect(sidebar.getByText(/tokens in/)).toBeVisible();
    const requests = chatRequests(model);
    expect(requests).toHaveLength(4);
    expect(JSON.stringify(requests[1].body)).toContain(id);

    await notesList(page).getByRole('option', { name: 'Packing list' }).click();
    await expect(body(page)).toContainText('socks');
    await page.getByRole('button', { name: 'History' }).click();
    // The AI's write saved the version before it, labelled with the tool that changed the note.
    const versions = page
      .getByRole('dialog', { name: 'Note history' })
      .getByRole('list', { name: 'Versions' });
    await versions.getByRole('button', { name: /update_note/ }).click();
    await expect(page.getByRole('region', { name: 'Preview' })).not.toContainText('socks');
  });
}

test('recovers after calling a tool that does not exist', async ({ page, model }) => {
  await openApp(page);
  model.enqueue(
    { type: 'tool_calls', calls: [{ name: 'make_coffee', arguments: '{}' }] },
    { type: 'tool_calls', calls: [{ name: 'list_notebooks', arguments: '{}' }] },
    { type: 'text', text: 'I cannot make coffee, but you have one notebook.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Make me a coffee');

  await expect(sidebar.getByText('I cannot make coffee, but you have one notebook.')).toBeVisible();
  const coffee = sidebar.getByRole('group').filter({ hasText: 'make_coffee' });
  await coffee.locator('summary').click();
  await expect(coffee.getByText('Error', { exact: true })).toBeVisible();
  expect(JSON.stringify(chatRequests(model)[1].body)).toMatch(/make_coffee/);
  await expect(
    sidebar.getByRole('group').filter({ has: page.locator('summary', { hasText: 'list_notebooks' }) })
  ).toHaveCount(1);
});

test('a runaway loop ends at 8 steps with a clear error', async ({ page, model }) => {
  await openApp(page);
  for (let i = 0; i < 9; i++)
    model.enqueue({ type: 'tool_calls', calls: [{ name: 'list_tags', arguments: '{}' }] });
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Keep going');

  await expect(sidebar.getByRole('alert')).toContainText('exceeded max steps');
  await expect(
    sidebar.getByRole('group').filter({ has: page.locator('summary', { hasText: 'list_tags' }) })
  ).toHaveCount(8);
  expect(chatRequests(model)).toHaveLength(8);
  await expect(sidebar.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('Stop ends a streaming reply, keeps its text, and the turn can be retried', async ({ page, model }) => {
  await openApp(page);
  model.enqueue(
    { type: 'text', text: `Once upon a time ${'and then '.repeat(200)}`, pieceSize: 2, delayMs: 25 },
    { type: 'text', text: 'A short story.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Tell me a long story');

  await expect(sidebar.getByText(/Once upon a time/)).toBeVisible();
  await sidebar.getByRole('button', { name: 'Stop' }).click();
  await expect(sidebar.getByText('Stopped.')).toBeVisible({ timeout: 1_000 });
  await expect(sidebar.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(sidebar.getByText(/Once upon a time/)).toBeVisible();
  await expect.poll(() => chatRequests(model)[0].closedEarly).toBe(true);

  await sidebar.getByRole('button', { name: 'Retry' }).click();
  await expect(sidebar.getByText('A short story.')).toBeVisible();
  await expect(sidebar.getByText('Stopped.')).toHaveCount(0);
});
