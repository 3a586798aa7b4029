// Opening the Settings dialog at a section, on a desktop or a phone (where Settings sits behind
// the top bar's `More`, and the dialog starts at its list of sections).
import { expect, type Page } from '@playwright/test';

/** The Settings dialog. */
export function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' });
}

/** Opens Settings, then the section named `section` (e.g. `Plugins`) if given; returns the dialog. */
export async function openSettings(page: Page, section?: string) {
  const button = page.getByRole('button', { name: 'Settings', exact: true });
  const more = page.getByRole('button', { name: 'More' });
  // Wait for the top bar before asking which of the two it shows.
  await expect(button.or(more).first()).toBeVisible();
  if (!(await button.isVisible())) await more.click();
  await button.click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  if (section) {
    await dialog
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('button', { name: section })
      .click();
    await expect(dialog.getByRole('region', { name: section })).toBeVisible();
  }
  return dialog;
}
