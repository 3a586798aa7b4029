export { newId, isId } from './ids';
export { AppError, serializeError, deserializeError, isQuotaError } from './errors';
export type { AppErrorCode, SerializedError } from './errors';
export { ItemType, noteDefaults } from './records';
export type {
  Note,
  Notebook,
  Tag,
  NoteTag,
  Resource,
  Revision,
  Change,
  ChangeSource,
  Setting,
  Writer
} from './records';
export { mergeText, splitLines, spliceLines, locateLines, changedRange, lineEdits } from './merge-text';
export { describeWriter, sameWriter, writerOf } from './writers';
export { markdownToText } from './markdown-text';
export { raceAbort } from './abort';
export { parseToolArguments } from './tool-arguments';
export { compileSchema, schemaIssues, invalidArgumentsText } from './schema-check';
export type { SchemaCheck } from './schema-check';
export { RELEVANCE_PRESETS, DEFAULT_RELEVANCE } from './relevance';
export type { Relevance, SearchLimits } from './relevance';
