// Folio is a local-first single-page app: everything renders in the browser from IndexedDB.
export const ssr = false;
export const prerender = false;
