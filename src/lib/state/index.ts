export { Workspace } from './workspace.svelte';
export { provideWorkspace, useWorkspace } from './context';
export { NoteSession } from './note-session.svelte';
export { LiveQuery } from './live-query.svelte';
export { saveStatusText } from './autosave';
export type { SaveStatus } from './autosave';
export { NoteListWindow, NOTE_ROW_HEIGHT_PX } from './note-list-window.svelte';
export { ALL_IDS_MAX_WAIT_MS } from './first-note-ids';
export { scrollToRow } from './virtual-range';
export type { NoteSummary } from './note-summary';
export { flattenTree, subtreeIds } from './notebook-tree';
export type { NotebookNode } from './notebook-tree';
export { TrashState } from './trash-state.svelte';
export { HistoryState } from './history-state.svelte';
export { StorageStatus, formatBytes } from './storage-status.svelte';
export { ResourceUrls } from './resource-urls';
export type { NoteSort, NoteTitle } from '$lib/db';
export { listBacklinks, findNotesByTitle } from '$lib/db';
export { NotebookTreeUi, DRAG_NOTE, DRAG_NOTEBOOK } from './tree-ui.svelte';
export { SearchState, provideSearch, useSearch, startSearchIndex } from './search.svelte';
export { highlightSegments } from './highlight';
export { semanticStatus, semanticStatusView } from './semantic-status.svelte';
export { backgroundStart } from './background-start';
export type { SearchResult } from '$lib/search';
export type { EmbedderKind, RelatedNote } from '$lib/rpc';
export { chatStateFor } from './chat.svelte';
export { usageText } from './chat-turns';
export type { ChatTurn } from './chat-turns';
export {
  loadProviderSettings,
  saveProviderSettings,
  toAgentSettings,
  isRemote,
  DEFAULT_PROVIDER_SETTINGS,
  DEFAULT_BASE_URLS
} from './provider-settings';
export type { ProviderSettings } from './provider-settings';
export { ProviderStatus } from './provider-status.svelte';
export { ReviewQueue, reviewQueueFor } from './review.svelte';
export { startNoteLinks } from './note-links-follower';
export { FIRST_SETTINGS_SECTION } from './settings-nav.svelte';
export type { ProviderChoice } from './settings-nav.svelte';
export { StorageNotice } from './storage-notice.svelte';
export { testResultText } from './provider-test-text';
export type { TestResultText } from './provider-test-text';
export { SyncStatus, syncStatusFor } from './sync.svelte';
export { syncConflictsFor } from './conflicts.svelte';
export type { ConflictSides } from './conflicts.svelte';
export type { ConflictChoice } from '$lib/db';
export type { SyncConfig, SyncTargetKind, ConnectionCheck } from '$lib/sync';
export { canPickFolder, folderPermission } from '$lib/sync';
export { getPluginService } from './plugin-service.svelte';
export type { InstalledPlugin } from './plugin-service.svelte';
export { startPlugins, startTabMcpLater, tabMcp } from './background-carriers';
export { importFiles, exportLibrary, exportNoteMarkdown } from './interop-loader';
export {
  testProvider,
  webLlmCatalog,
  downloadWebLlmModel,
  stopWebLlmDownload,
  deleteWebLlmModel
} from './model-service';
// Pure helpers of lower tiers that components use, passed through so components import state only.
export { parseOrigin } from '$lib/mcp';
export { parsePluginFile, checkImageUrl, PERMISSION_LABELS } from '$lib/plugins';
export { foldName } from '$lib/tools';
