/** Errors shown to the user (role=alert), in words a user understands; each can be dismissed. */

/** One visible error. */
export interface AlertItem {
  id: number;
  message: string;
}

/** The list of visible errors. */
export class Alerts {
  items: AlertItem[] = $state.raw([]);
  #next = 1;

  /** Shows a message. The same message is not shown twice at once. */
  push(message: string): void {
    if (this.items.some((a) => a.message === message)) return;
    this.items = [...this.items, { id: this.#next++, message }];
  }

  /** Shows what went wrong while doing `what` (e.g. "Could not rename the notebook"). */
  report(what: string, error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    this.push(`${what}: ${detail}`);
  }

  /** Hides a message. */
  dismiss(id: number): void {
    this.items = this.items.filter((a) => a.id !== id);
  }
}
