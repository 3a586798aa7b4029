// AI edits to the open note as suggestions (issue 5), in the built app against the scripted model
// server: a rewrite shown, accepted and undone in one step; a rejected insert; an edit of the
// selection; two edits with one accepted and one rejected; typing into a pending range; a
// suggestion streamed as it is written; an edit arriving after the note was switched.
import type { Page } from '@playwright/test';
import { body, createNote, notesList, openApp, saveStatus } from './shell-helpers';
import { chatRequests, configureProvider, expect, openSidebar, send, test } from './agent-helpers';
import type { ModelServer } from '../tests/model-server/server';

const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: JSON.stringify(args) });

function suggestions(page: Page) {
  return body(page).getByRole('group', { name: 'Suggested edit' });
}

/** What the editor's text reads without the suggestion widgets. */
async function noteText(page: Page): Promise<string> {
  return body(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[contenteditable="false"]').forEach((w) => w.remove());
    return copy.innerText.trim();
  });
}

async function setUp(page: Page, model: ModelServer, text: string) {
  await openApp(page);
  await createNote(page, 'Trip', text);
  await configureProvider(page, model, 'OpenAI-compatible');
  return openSidebar(page);
}

test('a rewrite is shown as a suggestion, accepted, and undone in one step', async ({ page, model }) => {
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [call('rewrite_paragraph', { anchor: 'the stove', text: 'the camping stove' })]
    },
    { type: 'text', text: 'I suggested a clearer word.' },
    { type: 'text', text: 'Glad you liked it.' }
  );
  const sidebar = await setUp(page, model, 'Pack the tent and the stove.');
  await send(page, 'Be more specific about the stove');
  await expect(sidebar.getByText('I suggested a clearer word.')).toBeVisible();
  await expect(suggestions(page)).toHaveCount(1);
  await expect(body(page).locator('.folio-suggest-ins')).toHaveText('camping ');
  expect(await noteText(page)).toBe('Pack the tent and the stove.');
  expect(JSON.stringify(chatRequests(model)[1].body)).toContain('waits for the user to accept or reject');

  await suggestions(page).getByRole('button', { name: 'Accept' }).click();
  await expect(suggestions(page)).toHaveCount(0);
  expect(await noteText(page)).toBe('Pack the tent and the camping stove.');
  await expect(saveStatus(page)).toHaveText('Saved');

  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await noteText(page)).toBe('Pack the tent and the stove.');
  await page.getByRole('button', { name: 'Redo' }).click();
  expect(await noteText(page)).toBe('Pack the tent and the camping stove.');
  await body(page).click();
  await page.keyboard.press('Control+z');
  expect(await noteText(page)).toBe('Pack the tent and the stove.');
  await page.keyboard.press('Control+y');

  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('dialog', { name: 'Note history' }).getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /Accepted AI edit/ })).toHaveCount(1);
  await page.keyboard.press('Escape');

  await send(page, 'Thanks');
  await expect(sidebar.getByText('Glad you liked it.')).toBeVisible();
  expect(JSON.stringify(chatRequests(model)[2].body)).toMatch(
    /rewrite_paragraph \\"the stove\\".*: accepted/
  );
});

test('a rejected insert leaves the note as it was', async ({ page, model }) => {
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [call('insert_after_anchor', { anchor: 'Pack the tent.', text: 'Pack the dog food.' })]
    },
    { type: 'text', text: 'Added a line for the dog.' },
    { type: 'text', text: 'Understood.' }
  );
  const sidebar = await setUp(page, model, 'Pack the tent.');
  await send(page, 'Add dog food');
  await expect(sidebar.getByText('Added a line for the dog.')).toBeVisible();
  await expect(body(page).locator('.folio-suggest-ins')).toHaveText('Pack the dog food.');
  await sidebar.getByRole('button', { name: 'Reject all' }).click();
  await expect(suggestions(page)).toHaveCount(0);
  expect(await noteText(page)).toBe('Pack the tent.');
  await send(page, 'No thanks');
  await expect(sidebar.getByText('Understood.')).toBeVisible();
  expect(JSON.stringify(chatRequests(model)[2].body)).toContain('rejected by the user');
});

test('an edit of the selection replaces only the selected text', async ({ page, model }) => {
  model.enqueue(
    { type: 'tool_calls', calls: [call('edit_selection', { text: 'bold' })] },
    { type: 'text', text: 'Replaced it.' }
  );
  const sidebar = await setUp(page, model, 'Hello brave world.');
  await body(page)
    .getByText('Hello brave world.')
    .dblclick({ position: { x: 60, y: 8 } });
  await expect.poll(() => page.evaluate(() => getSelection()?.toString().trim())).toBe('brave');
  await send(page, 'Change this word');
  await expect(sidebar.getByText('Replaced it.')).toBeVisible();
  const tools = (chatRequests(model)[0].body as { tools: { function: { name: string } }[] }).tools.map(
    (t) => t.function.name
  );
  expect(tools).toContain('edit_selection');
  expect(tools).not.toContain('rewrite_paragraph');
  await suggestions(page).getByRole('button', { name: 'Accept' }).click();
  expect(await noteText(page)).toBe('Hello bold world.');
});

test('two edits: one accepted, one rejected', async ({ page, model }) => {
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [
        call('rewrite_paragraph', { anchor: 'tent', text: 'big tent' }),
        call('append_to_note', { text: 'Check the weather.' })
      ]
    },
    { type: 'text', text: 'Two suggestions.' },
    { type: 'text', text: 'Noted.' }
  );
  const sidebar = await setUp(page, model, 'Pack the tent.');
  await send(page, 'Improve the list');
  await expect(sidebar.getByText('Two suggestions.')).toBeVisible();
  await expect(suggestions(page)).toHaveCount(2);
  await expect(sidebar.getByText('2 suggested edits')).toBeVisible();
  await suggestions(page).nth(1).getByRole('button', { name: 'Reject' }).click();
  await suggestions(page).first().getByRole('button', { name: 'Accept' }).click();
  await expect(suggestions(page)).toHaveCount(0);
  expect(await noteText(page)).toBe('Pack the big tent.');
  await send(page, 'Ok');
  await expect(sidebar.getByText('Noted.')).toBeVisible();
  const sent = JSON.stringify(chatRequests(model)[2].body);
  expect(sent).toMatch(/append_to_note[^\]]*rejected by the user/);
  expect(sent).toMatch(/rewrite_paragraph[^\]]*accepted/);
});

test('typing into a pending range marks the suggestion stale', async ({ page, model }) => {
  model.enqueue(
    { type: 'tool_calls', calls: [call('rewrite_paragraph', { anchor: 'stove', text: 'burner' })] },
    { type: 'text', text: 'Suggested.' },
    { type: 'text', text: 'Asked again.' }
  );
  const sidebar = await setUp(page, model, 'Pack the stove');
  await send(page, 'Rename');
  await expect(sidebar.getByText('Suggested.')).toBeVisible();
  await body(page).getByText('stove').click();
  await page.keyboard.type('X');
  const suggestion = suggestions(page);
  await expect(suggestion).toContainText('Changed since suggested');
  await expect(suggestion.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(suggestion.getByRole('button', { name: 'Ask again' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Accept all' })).toBeDisabled();

  await suggestion.getByRole('button', { name: 'Ask again' }).click();
  await expect(sidebar.getByText('Asked again.')).toBeVisible();
  await expect(suggestions(page)).toHaveCount(0);
  const sent = JSON.stringify(chatRequests(model)[2].body);
  expect(sent).toContain('the note changed there before the user reviewed it');
  expect(sent).toContain('Please propose it again');
});

test('a suggestion grows while the model writes it', async ({ page, model }) => {
  const text = 'Pack the tent, the camping stove, two pots, matches and a lighter.';
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [call('rewrite_paragraph', { anchor: 'Pack the tent.', text })],
      pieceSize: 4,
      delayMs: 60
    },
    { type: 'text', text: 'Done writing.' }
  );
  const sidebar = await setUp(
    page,
    model,
    'Pack the tent.\n\nCheck the weather forecast before leaving on Friday.'
  );
  // Every text the suggestion shows is recorded in the page as it is drawn, so that a partial one is
  // seen however late this test would look (on a loaded machine the stream may be over by then).
  await page.evaluate(() => {
    const shown: string[] = ((window as unknown as { suggestionTexts: string[] }).suggestionTexts = []);
    new MutationObserver(() => {
      const text = (document.querySelector('.folio-suggest-ins') as HTMLElement | null)?.innerText;
      if (text && text !== shown.at(-1)) shown.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await send(page, 'Expand the list');
  await expect(suggestions(page)).toContainText('Writing…');
  await expect(sidebar.getByText('Done writing.')).toBeVisible();
  const shown = await page.evaluate(
    () => (window as unknown as { suggestionTexts: string[] }).suggestionTexts
  );
  // It grew: the first text drawn was shorter than the whole, which came later.
  expect(text.length).toBeGreaterThan(shown[0].length);
  expect(shown.at(-1)!.length).toBeGreaterThan(shown[0].length);
  await expect(suggestions(page)).toHaveCount(1);
  await expect(suggestions(page).getByRole('button', { name: 'Accept' })).toBeVisible();
  await suggestions(page).getByRole('button', { name: 'Accept' }).click();
  expect(await noteText(page)).toMatch(new RegExp(`^${text}\\s*Check the weather`));
});

test('an edit that arrives after the note was switched is refused, and the other note is untouched', async ({
  page,
  model
}) => {
  model.enqueue(
    {
      type: 'tool_calls',
      calls: [call('append_to_note', { text: 'A line the model took its time writing, word by word.' })],
      pieceSize: 2,
      delayMs: 80
    },
    { type: 'text', text: 'Could not edit it.' }
  );
  await openApp(page);
  await createNote(page, 'Other', 'Leave me alone.');
  await createNote(page, 'Trip', 'Pack the tent.');
  await configureProvider(page, model, 'OpenAI-compatible');
  await openSidebar(page);
  await send(page, 'Add a line');
  await expect.poll(() => chatRequests(model).length).toBe(1);
  await notesList(page).getByRole('option', { name: 'Other' }).click();
  await expect(body(page)).toHaveText('Leave me alone.');
  await expect.poll(() => chatRequests(model).length, { timeout: 15_000 }).toBe(2);
  expect(JSON.stringify(chatRequests(model)[1].body)).toContain('was closed or switched while the turn ran');
  await expect(suggestions(page)).toHaveCount(0);
  expect(await noteText(page)).toBe('Leave me alone.');
});
