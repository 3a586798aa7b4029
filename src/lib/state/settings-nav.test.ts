import { describe, expect, it } from 'vitest';
import { FIRST_SETTINGS_SECTION, SettingsNavigation } from './settings-nav.svelte';

describe('SettingsNavigation', () => {
  it('opens at the section it was left on, with the list first on a phone', () => {
    const nav = new SettingsNavigation();
    nav.open();
    expect([nav.isOpen, nav.section, nav.showingList]).toEqual([true, FIRST_SETTINGS_SECTION, true]);
    nav.show('plugins');
    nav.close();
    nav.open();
    expect([nav.section, nav.showingList]).toEqual(['plugins', true]);
  });

  it('opens straight at a section, showing its page', () => {
    const nav = new SettingsNavigation();
    nav.open('storage');
    expect([nav.section, nav.showingList]).toEqual(['storage', false]);
    nav.backToList();
    expect(nav.showingList).toBe(true);
  });

  it('hands the provider choice over once', () => {
    const nav = new SettingsNavigation();
    nav.open(FIRST_SETTINGS_SECTION, 'local-server');
    expect(nav.takeProviderChoice()).toBe('local-server');
    expect(nav.takeProviderChoice()).toBeNull();
    nav.open();
    expect(nav.takeProviderChoice()).toBeNull();
  });
});
