/** What an import tells the user: counts, the problems met (each naming its file), and limits. */

/** Attachments larger than this are skipped: IndexedDB and a browser tab cope badly beyond it. */
export const MAX_ATTACHMENT_BYTES = 512 * 1024 * 1024;
/** A note body larger than this is refused: the editor cannot work with it usefully. */
export const MAX_NOTE_BYTES = 10 * 1024 * 1024;

/** One problem with one file; the import went on without it (or with the part it could read). */
export interface ImportProblem {
  file: string;
  message: string;
}

/** How a Markdown note got its title (the UI says which). */
export type TitleSource = 'front matter' | 'first heading' | 'file name';

/** The outcome of an import. */
export interface ImportReport {
  notes: number;
  notebooks: number;
  tags: number;
  resources: number;
  problems: ImportProblem[];
  /** The notebook an import created to hold notes whose notebook was missing, if any. */
  fallbackNotebookId?: string;
  /** For Markdown: how many titles came from each source. */
  titles?: Partial<Record<TitleSource, number>>;
  /** Files in the archive or folder (for a tar, read as a stream: the files read before it ended). */
  files: number;
  /** Notes the import held; `notes` of them were written. */
  notesFound: number;
  /** Whether everything the import held was imported: every note written and no problem met. */
  complete: boolean;
}

/** How far an import is: bytes read of the file, and files handled (of how many, when known). */
export interface ImportProgress {
  readBytes: number;
  totalBytes: number;
  files: number;
  /** 0 when not known yet (a tar is read as a stream). */
  totalFiles: number;
}

/** Options common to every import. */
export interface ImportOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
}

/** Formats a size for a message: "2.0 GB", "20.0 MB", "512 B". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** Decodes UTF-8; invalid bytes become U+FFFD and a problem is returned to report. */
export function decodeText(bytes: Uint8Array): { text: string; invalid: boolean } {
  try {
    return { text: strict.decode(bytes).replace(/^\uFEFF/, ''), invalid: false };
  } catch {
    return { text: lenient.decode(bytes).replace(/^\uFEFF/, ''), invalid: true };
  }
}

/** The message for text that was not valid UTF-8. */
export const INVALID_UTF8 = 'it is not valid UTF-8 text; the unreadable bytes were replaced with \uFFFD';
