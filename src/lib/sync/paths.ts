/** Where items live on a sync target (Joplin's layout, the same for WebDAV and a folder). */

const ITEM_FILE = /^([0-9a-f]{32})\.md$/;

/** The file of an item. */
export function itemPath(id: string): string {
  return `${id}.md`;
}

/** The file of an attachment's bytes. */
export function resourceBlobPath(id: string): string {
  return `.resource/${id}`;
}

/** The item id a root file name stands for, or null when it is not an item file. */
export function itemIdOf(name: string): string | null {
  return ITEM_FILE.exec(name)?.[1] ?? null;
}
