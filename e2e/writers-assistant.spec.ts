// The sidebar's assistant writing to the note open in the editor goes through review: "add socks"
// while the user types shows socks as a suggestion, and both the typing and the socks survive.
// And a turn stopped after it created a note keeps that in the model's history: Retry does not
// create it again.
import { body, createNote, notesList, openApp, saveStatus } from './shell-helpers';
import type { Page } from '@playwright/test';
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

/** The note's body as stored in the app's database. */
function storedBody(page: Page, id: string): Promise<string> {
  return page.evaluate(async (noteId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('folio');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const note = await new Promise<{ body: string }>((resolve, reject) => {
      const request = db.transaction('notes').objectStore('notes').get(noteId);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return note.body;
  }, id);
}

for (const wire of ['OpenAI-compatible', 'Anthropic'] as Wire[]) {
  test(`"add socks" to the open packing list while the user types: a suggestion, then both kept (${wire})`, async ({
    page,
    model
  }) => {
    await openApp(page);
    await createNote(page, 'Packing list', '- tent\n- stove');
    const id = await noteIdByTitle(page, 'Packing list');
    model.enqueue(
      {
        type: 'tool_calls',
        calls: [{ name: 'search_notes', arguments: '{"query":"packing list"}' }],
        delayMs: 40
      },
      { type: 'tool_calls', calls: [{ name: 'read_note', arguments: JSON.stringify({ id }) }], delayMs: 40 },
      {
        type: 'tool_calls',
        calls: [{ name: 'update_note', arguments: JSON.stringify({ id, append: '- socks' }) }],
        delayMs: 80
      },
      { type: 'text', text: 'I suggested adding socks to your packing list.', pieceSize: 4 },
      { type: 'text', text: 'Glad you kept them.' }
    );
    await configureProvider(page, model, wire);
    const sidebar = await openSidebar(page);
    await send(page, 'Find my last packing list and add socks to it');
    // The user goes on typing in the open note while the assistant works.
    await body(page).getByText('tent').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and pegs', { delay: 40 });

    await expect(sidebar.getByText('I suggested adding socks to your packing list.')).toBeVisible({
      timeout: 15_000
    });
    const suggestion = body(page).getByRole('group', { name: 'Suggested edit' });
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toBeVisible();
    await expect(body(page)).toContainText('socks');
    await expect(body(page)).toContainText('tent and pegs');
    // Nothing is stored until the user accepts.
    expect(await storedBody(page, id)).not.toContain('socks');
    // The tool result told the model it waits for the user.
    expect(JSON.stringify(chatRequests(model)[3].body)).toMatch(/accepts or rejects/);

    await suggestion.getByRole('button', { name: 'Accept' }).click();
    await expect(body(page).getByRole('group', { name: 'Suggested edit' })).toHaveCount(0);
    await expect(saveStatus(page)).toHaveText('Saved');
    // The next turn tells the model what the user chose.
    await send(page, 'Thanks');
    await expect(sidebar.getByText('Glad you kept them.')).toBeVisible();
    expect(JSON.stringify(chatRequests(model)[4].body)).toMatch(/update_note.*accepted/);

    await page.reload();
    await expect(body(page)).toContainText('tent and pegs');
    await expect(body(page)).toContainText('socks');
    expect(await storedBody(page, id)).toMatch(/tent and pegs[\s\S]*socks/);
    // One Undo step would take it back; History keeps the version before it, by the user.
    await page.getByRole('button', { name: 'History' }).click();
    const versions = page
      .getByRole('dialog', { name: 'Note history' })
      .getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('button', { name: /Accepted AI edit/ })).toBeVisible();
    await page.keyboard.press('Escape');
  });
}

test('the assistant renaming and tagging the open note: Suggested edit cards, applied only when accepted', async ({
  page,
  model
}) => {
  await openApp(page);
  await createNote(page, 'Packing list', '- tent');
  const id = await noteIdByTitle(page, 'Packing list');
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [
        { name: 'update_note', arguments: JSON.stringify({ id, title: 'Lake District packing' }) },
        { name: 'manage_tags', arguments: JSON.stringify({ note_id: id, add: ['travel'] }) }
      ]
    },
    { type: 'text', text: 'Suggested a title and a tag.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Give it a better title and tag it');
  await expect(sidebar.getByText('Suggested a title and a tag.')).toBeVisible();
  const cards = page.getByRole('group', { name: 'Suggested edit' });
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Packing list');
  await cards
    .filter({ hasText: 'Rename the note to “Lake District packing”' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Lake District packing'
  );
  await cards.filter({ hasText: 'travel' }).getByRole('button', { name: 'Reject' }).click();
  await expect(cards).toHaveCount(0);
  await expect(notesList(page).getByRole('option', { name: /^Lake District packing/ })).toBeVisible();
});

test('Stop after a create_note, then Retry: the model knows, and there is one note, not two', async ({
  page,
  model
}) => {
  await openApp(page);
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [{ id: 'call_create', name: 'create_note', arguments: '{"title":"Trip plan","body":"- day 1"}' }]
    },
    { type: 'text', text: `Now I will also ${'plan and plan '.repeat(200)}`, pieceSize: 2, delayMs: 25 },
    // A model that sees the note was created says so instead of creating it again.
    { type: 'text', text: 'The note Trip plan is already there.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'Make me a trip plan');
  await expect(sidebar.getByText(/Now I will also/)).toBeVisible();
  await sidebar.getByRole('button', { name: 'Stop' }).click();
  await expect(sidebar.getByText('Stopped.')).toBeVisible();
  await expect(notesList(page).getByRole('option', { name: /^Trip plan/ })).toHaveCount(1);

  await sidebar.getByRole('button', { name: 'Retry' }).click();
  await expect(sidebar.getByText('The note Trip plan is already there.')).toBeVisible();
  await expect(
    sidebar.getByText(/The assistant knows what the first attempt did: create_note/)
  ).toBeVisible();
  // The retried request carries the first attempt: the call, its result, and how the turn ended.
  const retried = JSON.stringify(chatRequests(model)[2].body);
  expect(retried).toContain('call_create');
  expect(retried).toMatch(/stopped this turn/);
  expect(retried.match(/Make me a trip plan/g)).toHaveLength(2);
  await expect(notesList(page).getByRole('option', { name: /^Trip plan/ })).toHaveCount(1);
});
