// Shared steps of the plugin specs: Settings → Plugins, by role and accessible name (UI_CONTRACT.md).
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openSettings } from './settings-helpers';

/** Opens Folio and the Settings dialog; returns the dialog. */
export async function openPluginSettings(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New note', exact: true })).toBeEnabled({ timeout: 15_000 });
  const dialog = await openSettings(page, 'Plugins');
  await expect(dialog.getByRole('button', { name: 'Install plugin' })).toBeVisible();
  return dialog;
}

/** Installs a plugin file through `Plugin file`, accepting its permissions. */
export async function installFile(page: Page, path: string, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog
    .getByLabel('Plugin file')
    .setInputFiles({ name: path.split('/').pop()!, mimeType: 'text/javascript', buffer: readFileSync(path) });
  await dialog
    .getByRole('group', { name: `Install ${name}` })
    .getByRole('button', { name: 'Allow and install' })
    .click();
  await expect(dialog.getByRole('switch', { name })).toBeChecked();
  await expect(pluginRow(page, name)).toContainText('Running');
}

/** Installs the bundled example plugin in one click (plus the permission prompt). */
export async function installExample(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Install example plugin' }).click();
  await dialog
    .getByRole('group', { name: 'Install Vacation packing' })
    .getByRole('button', { name: 'Allow and install' })
    .click();
  await expect(dialog.getByRole('switch', { name: 'Vacation packing' })).toBeChecked();
  await expect(pluginRow(page, 'Vacation packing')).toContainText('Tools: plan_trip_packing');
}

/** The row of an installed plugin. */
export function pluginRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Installed plugins' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('switch', { name }) });
}

/** Runs a plugin tool from the manager's "Try" panel; returns the result group. */
export async function tryTool(page: Page, pluginName: string, tool: string, input: unknown) {
  const row = pluginRow(page, pluginName);
  const details = row.locator('details.try');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await row.getByText(`Try a tool of ${pluginName}`).click();
  await row.getByLabel('Tool', { exact: true }).selectOption(tool);
  await row.getByLabel('Tool input').fill(JSON.stringify(input));
  await row.getByRole('button', { name: 'Run tool' }).click();
  return row.getByRole('group', { name: `Result of ${tool}` });
}
