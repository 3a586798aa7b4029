/**
 * A File System Access directory handle over a real folder on disk, for Node tests of the folder
 * target (native-file-system-adapter's node adapter). The same driver runs against Chromium's own
 * implementation in e2e/sync-folder.spec.ts, which pins the behaviours this stand-in imitates.
 */
import { getOriginPrivateDirectory } from 'native-file-system-adapter';
import type { DirectoryHandle } from '$lib/sync';

/** A directory handle for `path` (which must exist). */
export async function folderHandle(path: string): Promise<DirectoryHandle> {
  return (await getOriginPrivateDirectory(
    import('native-file-system-adapter/src/adapters/node.js'),
    path
  )) as unknown as DirectoryHandle;
}
