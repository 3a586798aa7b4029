// Hostile plugins beyond the sandbox basics (tests/fixtures/plugins): WebRTC and other channels to
// a UDP and an HTTP sink on loopback, a spin in a handler and at start, payloads that expand when
// written out, 5,000 tools, a 200,000-cell render, lookalike tool ids, a frame sent elsewhere. Each
// is refused or contained, named on the plugin's row; the example plugin and the app keep working,
// and the main thread's longest gap is measured while the attack runs.
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { installExample, installFile, openPluginSettings, pluginRow, tryTool } from './plugins-helpers';
import { startGapMeter, type GapMeter } from './main-thread-gaps';

const FIXTURES = 'tests/fixtures/plugins';
const TRIP = { destination: 'Cornwall', days: 2, companions: [] };

async function exampleStillWorks(page: Page) {
  const result = await tryTool(page, 'Vacation packing', 'plan_trip_packing', TRIP);
  await expect(result.getByRole('list', { name: 'Packing for 2 days in Cornwall' })).toBeVisible();
}

/**
 * The main thread must stay responsive: no task of its own longer than 1.5 s, and no gap between
 * frames over 3 s. Both bounds are loose on purpose: the machine that runs these tests has 2 cores
 * shared with other work (load averages of 15-20 were seen while writing them; one core is taken
 * by a spinning plugin), which stretches every task; what they catch is a frozen page (the issue
 * measured 5.4 s for a 200,000-cell render, and a spin that never ended). The figures are printed.
 */
async function expectResponsive(meter: GapMeter, label: string) {
  const gaps = await meter.stop();
  console.log(
    `${label}: longest main-thread gap ${gaps.maxGapMs.toFixed(0)} ms, long tasks ${gaps.longTasks} (longest ${gaps.longestTaskMs.toFixed(0)} ms) over ${(gaps.spanMs / 1000).toFixed(1)} s`
  );
  expect(gaps.longestTaskMs, `${label}: longest task`).toBeLessThan(1_500);
  expect(gaps.maxGapMs, `${label}: longest gap`).toBeLessThan(3_000);
}

/** A UDP and an HTTP sink on loopback that count what reaches them. */
async function sinks() {
  const udp = createSocket('udp4');
  let packets = 0;
  udp.on('message', () => packets++);
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const hits: string[] = [];
  const http = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('ok');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    udpPort: (udp.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    packets: () => packets,
    hits,
    close: () =>
      Promise.all([
        new Promise((r) => udp.close(() => r(null))),
        new Promise((r) => http.close(() => r(null)))
      ])
  };
}

test('no channel carries a note out of a plugin without the network permission: zero packets, zero requests', async ({
  page
}) => {
  const sink = await sinks();
  try {
    await openPluginSettings(page);
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'New note', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Secret');
    await page.getByRole('textbox', { name: 'Note body' }).fill('my bank PIN is 4321');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
    const noteId = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('folio');
          request.onsuccess = () => {
            const all = request.result.transaction('notes').objectStore('notes').getAll();
            all.onsuccess = () =>
              resolve((all.result as { id: string; title: string }[]).find((n) => n.title === 'Secret')!.id);
          };
        })
    );
    await page.getByRole('button', { name: 'Settings' }).click();
    await installFile(page, `${FIXTURES}/leaky.js`, 'Leaky fixture');
    const input = { noteId, host: '127.0.0.1', udpPort: sink.udpPort, httpPort: sink.httpPort };
    const result = await tryTool(page, 'Leaky fixture', 'leak_note', input);
    await expect(result.locator('pre')).toHaveCount(1, { timeout: 20_000 });
    const report = JSON.parse((await result.locator('pre').textContent()) ?? '{}') as Record<string, string>;
    expect(Object.keys(report)).toHaveLength(13);
    for (const [attack, outcome] of Object.entries(report))
      expect(`${attack}: ${outcome}`).toMatch(/^[^:]+: blocked/);

    const drawn = await tryTool(page, 'Leaky fixture', 'leaky_markdown', input);
    await expect(drawn.getByText('[image: the secret pixel]')).toBeVisible();
    await expect(drawn.locator('img')).toHaveCount(0);
    // Give any late STUN retransmission or beacon time to arrive before counting.
    await page.waitForTimeout(3_000);
    expect({ packets: sink.packets(), requests: sink.hits }).toEqual({ packets: 0, requests: [] });
  } finally {
    await sink.close();
  }
});

test('a tool handler that spins is stopped alone, with the reason on its row; Remove stops the CPU', async ({
  page
}) => {
  test.setTimeout(60_000);
  await openPluginSettings(page);
  await installExample(page);
  await installFile(page, `${FIXTURES}/spinner.js`, 'Spinner fixture');
  const meter = await startGapMeter(page);
  const spin = await tryTool(page, 'Spinner fixture', 'spin_forever', {});
  const row = pluginRow(page, 'Spinner fixture');
  await expect(
    row.getByRole('status').filter({
      hasText:
        'Stopped: not responding: its code ran for more than 5 s without a break while running the tool spin_forever.'
    })
  ).toBeVisible({ timeout: 15_000 });
  // The Try panel goes with the stopped plugin; the call's failure stays on the row.
  await expect(spin).toBeHidden();
  await expect(row.getByRole('alert').filter({ hasText: 'spin_forever could not finish' })).toHaveText(
    /^Spinner fixture: the tool spin_forever could not finish: the plugin was stopped \(not responding/
  );
  await exampleStillWorks(page);
  await expectResponsive(meter, 'spin in a handler');

  // The spinning worker is gone once its frame is: the plugin processes' CPU time stops growing.
  await row.getByRole('button', { name: 'Remove Spinner fixture' }).click();
  await expect(page.locator('iframe[data-folio-plugin="Spinner fixture"]')).toHaveCount(0);
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const cpu = async () =>
    (
      (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] }
    ).processInfo
      .filter((p) => p.type === 'renderer')
      .reduce((sum, p) => sum + p.cpuTime, 0);
  await page.waitForTimeout(3_000); // Chromium forces a worker's end about 2 s after its frame goes
  const before = await cpu();
  await page.waitForTimeout(2_000);
  const used = (await cpu()) - before;
  console.log(`renderer CPU over 2 s after Remove: ${used.toFixed(2)} s`);
  expect(used).toBeLessThan(0.8); // a spinning core would add about 2 s
});

test('a plugin that spins while it starts is stopped with the reason, and the others start', async ({
  page
}) => {
  test.setTimeout(60_000);
  const dialog = await openPluginSettings(page);
  await installExample(page);
  const meter = await startGapMeter(page);
  await dialog.getByLabel('Plugin file').setInputFiles(`${FIXTURES}/spin-at-start.js`);
  await dialog
    .getByRole('group', { name: 'Install Start spinner fixture' })
    .getByRole('button', { name: 'Allow and install' })
    .click();
  const row = pluginRow(page, 'Start spinner fixture');
  await expect(
    row.getByRole('status').filter({
      hasText: /^Stopped: not responding: its code ran for more than 5 s without a break while starting\.$/
    })
  ).toBeVisible({ timeout: 20_000 });
  await expect(row).not.toContainText('Running');
  await exampleStillWorks(page);
  await expectResponsive(meter, 'spin at start');
});

test('outputs and schemas that expand when written out are refused, naming the plugin', async ({ page }) => {
  await openPluginSettings(page);
  await installExample(page);
  await installFile(page, `${FIXTURES}/expander.js`, 'Expander fixture');
  const row = pluginRow(page, 'Expander fixture');
  await expect(row.getByRole('alert').filter({ hasText: 'schema_bomb' })).toHaveText(
    'Expander fixture: cannot register a tool: The inputSchema of tool schema_bomb is larger than 50 kB once written out as JSON.'
  );
  await expect(row.getByText(/^Tools:/)).toHaveText('Tools: output_bomb, cyclic_output, expander_ok');
  const meter = await startGapMeter(page);
  const bomb = await tryTool(page, 'Expander fixture', 'output_bomb', {});
  await expect(bomb.getByRole('alert')).toContainText(
    'Plugin Expander fixture: the output of tool output_bomb is larger than 1 MB once written out as JSON; the output was dropped.'
  );
  const cyclic = await tryTool(page, 'Expander fixture', 'cyclic_output', {});
  await expect(cyclic.getByRole('alert')).toContainText(
    'Plugin Expander fixture: the output of tool cyclic_output refers to itself (a cycle)'
  );
  await expectResponsive(meter, 'expanding outputs');
  await exampleStillWorks(page);
});

test('5,000 tools: 32 are registered, the refusal is shown once on the row', async ({ page }) => {
  test.setTimeout(60_000);
  await openPluginSettings(page);
  await installExample(page);
  await installFile(page, `${FIXTURES}/tool-flood.js`, 'Tool flood fixture');
  const row = pluginRow(page, 'Tool flood fixture');
  await expect(row.getByRole('alert').filter({ hasText: 'at most 32 tools' })).toHaveText(
    'Tool flood fixture: cannot register tool "flood_tool_32": a plugin may register at most 32 tools; it was refused, and so will be any further tool, without another message.',
    { timeout: 15_000 }
  );
  // The flood goes on for about 20 s; the plugin keeps its 32 tools and nothing else.
  await page.waitForTimeout(5_000);
  await expect(row.getByText(/^Tools:/)).toHaveText(
    `Tools: ${Array.from({ length: 32 }, (_, i) => `flood_tool_${i}`).join(', ')}`
  );
  await expect(row.getByRole('alert').filter({ hasText: 'at most 32 tools' })).toHaveCount(1);
  await exampleStillWorks(page);
});

test('a 200,000-cell render is refused; 19,000 cells are drawn without blocking a frame', async ({
  page
}) => {
  await openPluginSettings(page);
  await installExample(page);
  await installFile(page, `${FIXTURES}/big-render.js`, 'Big render fixture');
  const meter = await startGapMeter(page);
  const huge = await tryTool(page, 'Big render fixture', 'huge_render', {});
  await expect(huge.getByRole('alert')).toContainText(
    'Plugin Big render fixture: the renderer of huge_render failed: The renderer returned an invalid spec: it has more than 20,000 cells, items and images in all.'
  );
  await expect(huge.locator('td')).toHaveCount(0);
  await expectResponsive(meter, '200,000-cell render refused');

  const drawing = await startGapMeter(page);
  const large = await tryTool(page, 'Big render fixture', 'large_render', {});
  // Each 500-row table is virtualised: its size is stated, only the rows in view are drawn.
  const tables = large.getByRole('table');
  await expect(tables).toHaveCount(2);
  await expect(tables.first()).toHaveAttribute('aria-rowcount', '501');
  expect(await large.locator('td').count()).toBeLessThan(2_000);
  await tables
    .first()
    .locator('xpath=..')
    .evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(tables.first().getByRole('cell', { name: '499:18', exact: true })).toBeVisible();
  await expectResponsive(drawing, '19,000 cells drawn');
  await exampleStillWorks(page);
});

test("tool ids that equal or look like Folio's own are refused, naming the plugin", async ({ page }) => {
  await openPluginSettings(page);
  await installFile(page, `${FIXTURES}/lookalike.js`, 'Lookalike fixture');
  const row = pluginRow(page, 'Lookalike fixture');
  await expect(row.getByText(/^Tools:/)).toHaveText('Tools: lookalike_ok');
  const refusals = row.getByRole('alert');
  await expect(refusals.filter({ hasText: 'append_to_note' })).toHaveText(
    'Lookalike fixture: cannot register tool "append_to_note": "append_to_note" is the id of one of Folio\'s own tools.'
  );
  await expect(refusals.filter({ hasText: /tool "Search_Notes"/ })).toHaveText(
    'Lookalike fixture: cannot register tool "Search_Notes": "Search_Notes" looks like Folio\'s own tool "search_notes".'
  );
  await expect(refusals.filter({ hasText: /tool "De1ete_N0te"/ })).toHaveText(
    'Lookalike fixture: cannot register tool "De1ete_N0te": "De1ete_N0te" looks like Folio\'s own tool "delete_note".'
  );
  await expect(refusals).toHaveCount(7);
  // The one tool it kept answers under its own name only.
  const result = await tryTool(page, 'Lookalike fixture', 'lookalike_ok', { text: 'hi' });
  await expect(result.locator('pre')).toContainText('the plugin got');
});

test('a plugin frame that navigates away is shown as stopped', async ({ page }) => {
  await openPluginSettings(page);
  await installExample(page);
  const frame = page.frames().find((f) => f.url().endsWith('/plugin-sandbox.html'))!;
  // The host removes the frame as soon as it sees the navigation, which can be before goto returns.
  await frame
    .goto(new URL('/plugin-sandbox-network.html', page.url()).href, { waitUntil: 'commit' })
    .catch((error: Error) => {
      if (!/detached/i.test(error.message)) throw error;
    });
  const row = pluginRow(page, 'Vacation packing');
  await expect(
    row.getByRole('status').filter({ hasText: 'Stopped: its sandbox page navigated away.' })
  ).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('iframe[data-folio-plugin="Vacation packing"]')).toHaveCount(0);
});
