/**
 * Keys typed for a note's body before its editor is there. Enter in the Title moves on to the body,
 * but right after New note the body may not exist yet: the note is still being written (the Title
 * is a stand-in, NewNotePending.svelte), or the editor's code or the note is still loading. The
 * keys typed then belong to the body: they are held here, kept out of whatever has the focus (the
 * Title would otherwise take the body's first line), and typed into the editor once it is mounted
 * (editor/replay-typing.ts), so they end as if the editor had been there all along.
 *
 * Held while capturing: one character, Enter, Shift-Enter, Backspace (what typing a first line
 * needs). A pointer press, Tab or Escape ends the capture: the user went elsewhere on purpose, and
 * what follows goes there; what was held is still typed into the body. Keys with Ctrl, Alt or Meta,
 * arrows and the rest pass through untouched (shortcuts keep working).
 *
 * One per page (there is one keyboard focus), shared by the stand-in and the note session.
 */
export class BodyTypeAhead {
  #keys: string[] = [];
  #release: (() => void) | null = null;

  /** Whether keys are being held now. */
  get capturing(): boolean {
    return this.#release !== null;
  }

  /** Starts holding keys (again, if stopped); what is held already stays. */
  start(target: EventTarget | undefined = globalThis.window): void {
    if (this.#release || !target) return; // no page (server rendering, Node tests): nothing to hold
    const onKey = (event: Event) => {
      if (!(event instanceof KeyboardEvent)) return;
      if (event.isComposing) return;
      if (event.key === 'Tab' || event.key === 'Escape') return this.stop();
      const key = heldKey(event);
      if (key === null) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.#keys.push(key);
    };
    const onPointer = () => this.stop();
    target.addEventListener('keydown', onKey, true);
    target.addEventListener('pointerdown', onPointer, true);
    this.#release = () => {
      target.removeEventListener('keydown', onKey, true);
      target.removeEventListener('pointerdown', onPointer, true);
    };
  }

  /** Stops holding keys; what was held stays until taken. */
  stop(): void {
    this.#release?.();
    this.#release = null;
  }

  /** Stops, and hands over the keys held, in order (`KeyboardEvent.key` values, `Shift-Enter`). */
  take(): string[] {
    this.stop();
    const keys = this.#keys;
    this.#keys = [];
    return keys;
  }
}

/** The key to hold for this event, or null to let it through. */
export function heldKey(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'Enter') return event.shiftKey ? 'Shift-Enter' : 'Enter';
  if (event.key === 'Backspace') return 'Backspace';
  // A character: one code point ("a", "€", an emoji), where named keys ("ArrowUp", "F5") are words.
  return [...event.key].length === 1 ? event.key : null;
}

/** The page's one type-ahead. */
export const bodyTypeAhead = new BodyTypeAhead();
