/**
 * Where the Settings dialog is: open or not, which section it shows, and (on a phone, where a
 * section is a page of its own) whether the list of sections shows instead. Anything may open it
 * at a section, e.g. the AI sidebar's first-use guide opens `ai-provider` with the kind of
 * provider the user picked there, which the provider form takes once (`takeProviderChoice`).
 */

/** The first-use guide's three choices: a model in this browser, a server on this device, a remote API. */
export type ProviderChoice = 'in-browser' | 'local-server' | 'remote-api';

/** The section shown when nothing asked for another: the one a new user needs first. */
export const FIRST_SETTINGS_SECTION = 'ai-provider';

/** The Settings dialog's place, shared by everything that opens it. */
export class SettingsNavigation {
  isOpen = $state(false);
  /** The id of the section shown (settings/sections.ts). It stays as left between openings. */
  section = $state(FIRST_SETTINGS_SECTION);
  /** Phone layout: the list of sections is shown rather than `section`. */
  showingList = $state(true);
  #providerChoice: ProviderChoice | null = null;

  /** Opens the dialog: at `section` if given (a phone then shows that page), else where it was left. */
  open(section?: string, providerChoice?: ProviderChoice): void {
    if (section) {
      this.section = section;
      this.showingList = false;
    } else {
      this.showingList = true;
    }
    this.#providerChoice = providerChoice ?? null;
    this.isOpen = true;
  }

  /** Shows one section (a tap in the list of sections). */
  show(section: string): void {
    this.section = section;
    this.showingList = false;
  }

  /** Phone layout: back from a section to the list of sections. */
  backToList(): void {
    this.showingList = true;
  }

  close(): void {
    this.isOpen = false;
  }

  /** The provider kind the user picked before Settings opened, once (null when none was). */
  takeProviderChoice(): ProviderChoice | null {
    const choice = this.#providerChoice;
    this.#providerChoice = null;
    return choice;
  }
}
