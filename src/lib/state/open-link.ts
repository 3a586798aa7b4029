/**
 * Following a link from a note, as a user expects of a notes app:
 *  - `:/id` of a note opens that note in the app (recorded in the browser's history, so Back
 *    returns, see NoteHistory in the workspace);
 *  - `:/id` of an attachment opens it in a new tab when the browser can show it, else downloads it;
 *  - `[[Title]]` (a wiki link) opens the note of that title;
 *  - a web address opens in a new tab (without giving that page a handle on Folio);
 *  - a link to a note in the trash or one that no longer exists says so.
 */
import { getNote, getResource, type FolioDatabase } from '$lib/db';

/** What following a link needs of the app. */
export interface LinkTarget {
  readonly db: FolioDatabase;
  /** Opens a note in the app, recording the step in the history. */
  followToNote(id: string): void;
  /** Tells the user something went wrong, in words. */
  tell(message: string): void;
  /** A URL the page can show the attachment's bytes at (a blob: URL), or undefined. */
  resourceUrl(id: string): Promise<string | undefined>;
  /** Opens a URL in a new tab (window.open without an opener). */
  openWindow(url: string): void;
  /** Saves a URL as a download named `filename`. */
  download(url: string, filename: string): void;
}

const NOTE_LINK = /^:\/([0-9a-fA-F]{32})(?:#.*)?$/;
/** Types a browser tab shows itself; anything else is downloaded. */
const VIEWABLE = /^(image\/|text\/plain|application\/pdf|audio\/|video\/)/;

/** The title a `[[Title]]`, `[[Title|alias]]` or `[[Title#heading]]` link names. */
export function wikiLinkTitle(raw: string): string {
  return raw
    .replace(/^!?\[\[/, '')
    .replace(/\]\]$/, '')
    .split(/[|#]/)[0]
    .trim();
}

async function openNoteOrAttachment(target: LinkTarget, id: string): Promise<void> {
  const note = await getNote(target.db, id);
  if (note && !note.deleted_time) return target.followToNote(id);
  if (note)
    return target.tell(
      `The linked note “${note.title || 'Untitled'}” is in the trash. Restore it from the Trash to open it.`
    );
  const resource = await getResource(target.db, id);
  const url = resource ? await target.resourceUrl(id) : undefined;
  if (!resource || !url)
    return target.tell(
      'This link points to a note or attachment that does not exist (it may have been deleted).'
    );
  if (VIEWABLE.test(resource.mime)) target.openWindow(url);
  else
    target.download(url, resource.filename || resource.title || `${id}.${resource.file_extension || 'bin'}`);
}

async function openWikiLink(target: LinkTarget, raw: string): Promise<void> {
  const title = wikiLinkTitle(raw).toLowerCase();
  const match = await target.db.notes
    .filter((note) => !note.deleted_time && note.title.trim().toLowerCase() === title)
    .first();
  if (match) target.followToNote(match.id);
  else target.tell(`There is no note titled “${wikiLinkTitle(raw)}”.`);
}

/** Follows `href` (a link's target or a wiki link's source); see the module comment. */
export async function openLink(target: LinkTarget, href: string): Promise<void> {
  const note = NOTE_LINK.exec(href);
  if (note) return openNoteOrAttachment(target, note[1].toLowerCase());
  if (/^!?\[\[/.test(href)) return openWikiLink(target, href);
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return target.openWindow(href);
  target.tell(`Folio cannot open “${href}”: it is not a web address or a link to a note.`);
}

/** The link target of a browser tab: new tabs through window.open, downloads through a link. */
export function browserLinkTarget(
  db: FolioDatabase,
  followToNote: (id: string) => void,
  tell: (message: string) => void,
  resourceUrl: (id: string) => Promise<string | undefined>
): LinkTarget {
  return {
    db,
    followToNote,
    tell,
    resourceUrl,
    openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    download: (url, filename) =>
      Object.assign(document.createElement('a'), { href: url, download: filename }).click()
  };
}
