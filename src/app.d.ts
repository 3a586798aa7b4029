// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
  namespace App {
    /** Shallow-routing state: the note a history entry shows, reached by following note links. */
    interface PageState {
      noteId?: string | null;
      /** How many note links were followed to reach this entry. */
      linkDepth?: number;
    }
  }
}

export {};
