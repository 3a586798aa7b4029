// A plugin that blows its memory: Chromium runs every plugin frame of the app's site in one renderer
// process (apart from the app's), and a worker's heap running out takes that whole process down. The
// app keeps working, the plugin that was busy is stopped with the reason, and the other plugins are
// started again in a fresh process.
//
// Playwright marks a Page as crashed when any of its frames' processes crashes (an out-of-process
// iframe included), after which every call on it fails, though the page itself is fine. So this
// test runs its own browser with a DevTools port and, after the crash, looks at the same tab through
// a second connection (connectOverCDP), which attaches afresh.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/chromium-path.mjs';
import { installExample, installFile, openPluginSettings, pluginRow, tryTool } from './plugins-helpers';
import { startGapMeter } from './main-thread-gaps';

test('a memory bomb stops that plugin alone; the app and the other plugin keep working', async ({
  baseURL
}) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(join(tmpdir(), 'folio-memory-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath() ?? undefined,
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
    baseURL
  });
  let second: import('@playwright/test').Browser | undefined;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openPluginSettings(page);
    await installExample(page);
    await installFile(page, 'tests/fixtures/plugins/memory-bomb.js', 'Memory bomb fixture');
    const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
    await startGapMeter(page);
    await tryTool(page, 'Memory bomb fixture', 'fill_memory', {});
    // The plugin process, not the page (see the comment at the top).
    await Promise.race([
      crashed,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the plugin process did not crash within 60 s')), 60_000)
      )
    ]);

    const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    second = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const tab = second
      .contexts()
      .flatMap((c) => c.pages())
      .find((p) => p.url().startsWith(baseURL!))!;
    const row = pluginRow(tab, 'Memory bomb fixture');
    await expect(row.getByRole('status')).toHaveText(
      /^Stopped: its sandbox crashed, most likely out of memory, while running the tool fill_memory\.$/,
      { timeout: 30_000 }
    );
    await expect(pluginRow(tab, 'Vacation packing')).toContainText('Running');
    await expect(pluginRow(tab, 'Vacation packing').getByRole('alert')).toHaveText(
      'Vacation packing: was restarted: the plugin sandbox crashed because of Memory bomb fixture.'
    );
    const result = await tryTool(tab, 'Vacation packing', 'plan_trip_packing', {
      destination: 'Cornwall',
      days: 2,
      companions: []
    });
    await expect(result.getByRole('list', { name: 'Packing for 2 days in Cornwall' })).toBeVisible();
    const gaps = await tab.evaluate(() => window.__gapMeter!.stop());
    console.log(
      `memory bomb: longest main-thread gap ${gaps.maxGapMs.toFixed(0)} ms, long tasks ${gaps.longTasks} (longest ${gaps.longestTaskMs.toFixed(0)} ms) over ${(gaps.spanMs / 1000).toFixed(1)} s`
    );
    expect(gaps.longestTaskMs).toBeLessThan(1_500);
    // The app itself: a note can still be made.
    await tab.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
    await tab.getByRole('button', { name: 'New note', exact: true }).click();
    await tab.getByRole('textbox', { name: 'Title' }).fill('After the bomb');
    await tab.getByRole('textbox', { name: 'Note body' }).fill('still here');
    await expect(tab.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });
  } finally {
    await second?.close().catch(() => {});
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
