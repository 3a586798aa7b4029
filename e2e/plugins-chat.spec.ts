// The "done when": in the built app with the scripted model server, the example plugin's
// tool is offered to the model, called, and its output drawn in the transcript as a checklist with
// thumbnails; once the plugin is switched off, the next turn no longer offers the tool.
import { chatRequests, configureProvider, expect, openSidebar, send, test } from './agent-helpers';
import { installExample, openPluginSettings } from './plugins-helpers';
import { openSettings } from './settings-helpers';

const toolNames = (body: unknown) => JSON.stringify((body as { tools?: unknown[] }).tools ?? []);

test('the model calls plan_trip_packing and the transcript shows the rendered list; switched off, the tool is gone from the next turn', async ({
  page,
  model
}) => {
  const dialog = await openPluginSettings(page);
  await installExample(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  model.enqueue(
    {
      type: 'tool_calls',
      calls: [
        {
          name: 'plan_trip_packing',
          arguments: JSON.stringify({ destination: 'the Lake District', days: 5, companions: ['dog'] })
        }
      ]
    },
    { type: 'text', text: 'Here is what to pack for you and your dog.' },
    { type: 'text', text: 'You are welcome.' }
  );
  await configureProvider(page, model, 'OpenAI-compatible');
  const sidebar = await openSidebar(page);
  await send(page, 'what do I need for 5 days in the Lake District with my dog');

  await expect(sidebar.getByText('Here is what to pack for you and your dog.')).toBeVisible();
  await expect(
    sidebar.getByRole('group').filter({ has: page.locator('summary', { hasText: 'plan_trip_packing' }) })
  ).toHaveCount(1);
  const list = sidebar.getByRole('list', { name: 'Packing for 5 days in the Lake District' });
  await expect(list.getByRole('listitem')).toHaveCount(21);
  await expect(list.getByRole('checkbox', { name: 'Dog food' })).toBeVisible();
  const loaded = await list
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0));
  expect(loaded).toHaveLength(21);
  expect(loaded.every(Boolean)).toBe(true);
  await sidebar.screenshot({ path: 'test-results/plugins-chat-transcript.png' });
  const first = chatRequests(model);
  expect(toolNames(first[0].body)).toContain('plan_trip_packing');
  // The model got the plain output (no RenderSpec), as an MCP client would.
  expect(JSON.stringify(first[1].body)).toContain('Old towel for muddy paws');

  await openSettings(page, 'Plugins');
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Vacation packing' })
    .uncheck();
  await expect(page.locator('iframe[data-folio-plugin]')).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
  await send(page, 'thanks');
  await expect(sidebar.getByText('You are welcome.')).toBeVisible();
  const requests = chatRequests(model);
  expect(requests).toHaveLength(3);
  expect(toolNames(requests[2].body)).not.toContain('plan_trip_packing');
  expect(toolNames(requests[2].body)).toContain('search_notes');
});
