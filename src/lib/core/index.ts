export { newId, isId } from './ids';
export { AppError, serializeError, deserializeError, isQuotaError } from './errors';
export type { AppErrorCode, SerializedError } from './errors';
export { ItemType, noteDefaults } from './records';
export type { Note, Notebook, Tag, NoteTag, Resource, Revision, Change, ChangeSource, Setting } from './records';
export { markdownToText } from './markdown-text';
