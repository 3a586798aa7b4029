/** What the shell needs from a mounted note editor (the ProseMirror view lives in $lib/editor). */
export interface NoteEditorHandle {
  /** Replaces the document, e.g. when the note changed in another tab or a revision was restored. */
  setMarkdown(markdown: string): void;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  focus(): void;
}

/** An attachment stored for the editor. */
export interface StoredFile {
  id: string;
  name: string;
  isImage: boolean;
}
