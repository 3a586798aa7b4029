export { Workspace } from './workspace.svelte';
export type { Pane, NoteHistory } from './workspace.svelte';
export { provideWorkspace, useWorkspace } from './context';
export { NoteSession } from './note-session.svelte';
export { NotebookActions } from './notebook-actions';
export { LiveQuery } from './live-query.svelte';
export { Alerts } from './alerts.svelte';
export type { AlertItem } from './alerts.svelte';
export { Autosaver, saveStatusText, SAVE_DEBOUNCE_MS } from './autosave';
export type { SaveStatus } from './autosave';
export { NoteListWindow, NOTE_ROW_HEIGHT_PX } from './note-list-window.svelte';
export { scrollToRow } from './virtual-range';
export type { NoteSummary } from './note-summary';
export { buildNotebookTree, flattenTree, subtreeIds } from './notebook-tree';
export type { NotebookNode } from './notebook-tree';
export { TrashState } from './trash-state.svelte';
export { HistoryState } from './history-state.svelte';
export { StorageStatus, formatBytes } from './storage-status.svelte';
export { ResourceUrls } from './resource-urls';
export type { NoteEditorHandle, StoredFile } from './editor-handle';
export type { Note, Notebook, Tag, Revision } from '$lib/core';
export type { NoteScope, NoteSort, NoteTitle, PersistenceState } from '$lib/db';
export { listBacklinks, findNotesByTitle } from '$lib/db';
export { NotebookTreeUi, DRAG_NOTE, DRAG_NOTEBOOK } from './tree-ui.svelte';
export type { NameEditing } from './tree-ui.svelte';
export { SearchState, provideSearch, useSearch, workerSearch, startSearchIndex, SEARCH_RESULT_LIMIT } from './search.svelte';
export { SearchRunner, SEARCH_DEBOUNCE_MS } from './search-runner';
export type { SearchCall, SearchOutcome } from './search-runner';
export { highlightSegments } from './highlight';
export type { TextSegment } from './highlight';
export { SemanticStatus, semanticStatus, semanticStatusView } from './semantic-status.svelte';
export { BackgroundStart, backgroundStart, BACKGROUND_START_DELAY_MS } from './background-start';
export type { SearchResult } from '$lib/search';
export type { EmbedderConfig, EmbedderKind, SemanticSnapshot, RelatedNote } from '$lib/rpc';
export { ChatState, Conversation, chatStateFor, TURN_TIMEOUT_MS, STOP_GRACE_MS } from './chat.svelte';
export { historyOf, usageText, chatTitle } from './chat-turns';
export type { ChatTurn, ChatTurnStatus } from './chat-turns';
export {
  loadProviderSettings,
  readStoredProviderSettings,
  withDefaults,
  saveProviderSettings,
  toAgentSettings,
  toProviderConfig,
  isRemote,
  missingSetting,
  DEFAULT_PROVIDER_SETTINGS,
  DEFAULT_BASE_URLS,
  PROVIDER_SETTINGS_KEY
} from './provider-settings';
export type { ProviderSettings, StoredProviderSettings } from './provider-settings';
export { ProviderStatus } from './provider-status.svelte';
export { ReviewQueue, reviewQueueFor, ACCEPTED_EDIT_LABEL } from './review.svelte';
export { startSessionTurn, OutcomeQueue } from './session-tools';
export type { SessionTurnHandle, TurnTarget } from './session-tools';
export { openLink, wikiLinkTitle } from './open-link';
export type { LinkTarget } from './open-link';
export { startNoteLinks } from './note-links-follower';
export { SettingsNavigation, FIRST_SETTINGS_SECTION } from './settings-nav.svelte';
export type { ProviderChoice } from './settings-nav.svelte';
export { StorageNotice, storageNoticeShown, storageAdvice } from './storage-notice.svelte';
export type { StorageAdvice } from './storage-notice.svelte';
export { testResultText } from './provider-test-text';
export type { TestResultText } from './provider-test-text';
export { SyncStatus, syncStatusFor } from './sync.svelte';
export type { SyncPhase as SyncStatusPhase } from './sync.svelte';
export { SyncScheduler, SYNC_AFTER_CHANGE_MS, SYNC_INTERVAL_MS, SYNC_RETRY_DELAYS_MS } from './sync-scheduler';
export { SyncConflicts, syncConflictsFor } from './conflicts.svelte';
export type { ConflictSides } from './conflicts.svelte';
export type { ConflictChoice } from '$lib/db';
export type { SyncConfig, SyncTargetKind, ConnectionCheck, SyncProgress, SyncReport, CorsSnippet } from '$lib/sync';
export { canPickFolder, folderPermission } from '$lib/sync';
export { getPluginService, PluginService } from './plugin-service.svelte';
export type { InstalledPlugin } from './plugin-service.svelte';
export { startTabMcp } from './tab-mcp';
export { importFiles, exportLibrary, exportNoteMarkdown } from './interop-loader';
export { testProvider, webLlmCatalog, downloadWebLlmModel, stopWebLlmDownload, deleteWebLlmModel } from './model-service';
// Pure helpers of lower tiers that components use, passed through so components import state only.
export { getPageMcp, parseOrigin } from '$lib/mcp';
export { parsePluginFile, checkImageUrl, PERMISSION_LABELS } from '$lib/plugins';
export { foldName } from '$lib/tools';
