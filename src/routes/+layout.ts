import { Workspace } from '$lib/state';

// Folio is a local-first single-page app: everything renders in the browser from IndexedDB.
export const ssr = false;
export const prerender = false;

/**
 * The tab's one workspace, created here rather than by the page: this layout is what the app's
 * HTML preloads, and its load runs as soon as the router starts, so the database opens while the
 * page's components are still being fetched and mounted. The page is found only after the router
 * starts, and its shell's first query (which opens the database) runs only once the shell has
 * mounted: that put the opening (~60 ms) after both on the first screen's critical path (issue 15).
 * It runs once per tab: it depends on no URL.
 */
export const load = () => {
  const workspace = new Workspace();
  // A failure to open is reported by the shell's `workspace.start()`, which opens it again.
  workspace.db.open().catch(() => {});
  return { workspace };
};
