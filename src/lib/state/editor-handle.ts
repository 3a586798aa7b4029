/** What the shell needs from a mounted note editor (the ProseMirror view lives in $lib/editor). */
export interface NoteEditorHandle {
  /** The document as Markdown. */
  getMarkdown(): string;
  /** Replaces the document, e.g. when a revision was restored. */
  setMarkdown(markdown: string): void;
  /** Marks the document as it is now, to bring a stored version made from it in later (`applyStored`). */
  snapshot(): object;
  /** Stops following a snapshot that will not be used. */
  release(snapshot: object): void;
  /** Takes the document from the snapshot's text to `markdown` around the typing since; false when it cannot. */
  applyStored(snapshot: object, markdown: string): boolean;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  focus(): void;
  /** Types keys typed for the body before the editor was mounted, as if typed now. */
  replayTyping(keys: readonly string[]): void;
}

/** An attachment stored for the editor. */
export interface StoredFile {
  id: string;
  name: string;
  isImage: boolean;
}
