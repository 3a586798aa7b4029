export type { Transport } from './transport';
export { messagePortTransport, createLinkedTransports } from './transport';
export { createRpcPeer } from './rpc-peer';
export type { RpcPeer, RpcPeerOptions, RpcCallOptions, RpcHandler, HandlerContext } from './rpc-peer';
export { RPC_PROTOCOL, parseRpcMessage } from './wire';
export type { RpcMessage, RequestMessage, ResponseMessage, CancelMessage } from './wire';
export { createWorkerClient } from './worker-client';
export type {
  WorkerClient,
  WorkerClientOptions,
  WorkerCallOptions,
  RemoteApi,
  MethodName
} from './worker-client';
export type { WorkerLike, HeartbeatOptions, WorkerState } from './worker-instance';
export { exposeWorkerApi, READY_MESSAGE, FAILED_MESSAGE } from './worker-host';
export { lateBoundApi } from './late-api';
export type { WorkerScope, HandshakeMessage } from './worker-host';
export { createCancelRegistry, newCallId } from './cancel-registry';
export type { CancelRegistry } from './cancel-registry';
export { installComlinkErrors } from './comlink-errors';
export {
  getWorkspace,
  WORKSPACE_CALL_TIMEOUT_MS,
  WORKSPACE_READY_TIMEOUT_MS,
  WORKSPACE_HEARTBEAT_TIMEOUT_MS
} from './workspace';
export type {
  WorkspaceApi,
  CoreMethods,
  WorkspaceInfo,
  SearchCallOptions,
  RelatedNote,
  RelatedNotesAnswer,
  SemanticListener,
  SemanticSnapshot,
  SemanticStatusReport,
  PublicEmbedderConfig,
  EmbedderConfig,
  EmbedderKind,
  ToolCallOptions,
  WebLlmCatalog,
  StorageUse,
  SyncOutcome,
  AgentProviderSettings,
  TurnRequest,
  TurnListener,
  TurnFailure,
  TurnOutcome,
  PluginToolInfo,
  PluginToolCallback
} from './workspace-api';
