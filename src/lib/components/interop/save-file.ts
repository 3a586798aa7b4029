/** Hands an exported file to the browser as a download. */
import type { ExportFile } from '$lib/interop';
import { exportLibrary, type Workspace } from '$lib/state';

/** Starts the download of `file` under its own name. */
export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the URL asynchronously after click(); revoke once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a backup of everything as a Joplin JEX archive (notebooks, notes, tags, attachments),
 * which Folio and Joplin both import. Pending edits are saved first, so the backup has them.
 */
export async function downloadBackup(ws: Workspace): Promise<void> {
  await ws.flush();
  saveFile(await exportLibrary(ws.db, { format: 'jex', scope: { kind: 'all' } }));
}
