/**
 * Chat conversations: one per note (`note_id` = the note's id) and one for the workspace
 * (`note_id` = ''), used when no note is open. Chats are not notes: they are not in the change log
 * (no index follows them, no sync carries them), so they are written straight to their table.
 */
import { newId } from '$lib/core';
import type { ChatRecord, FolioDatabase } from './database';
import { toStorageError } from './write';

/** The `note_id` of the workspace conversation. */
export const WORKSPACE_CHAT = '';

/** The conversation of a note ('' for the workspace's), the newest if several were ever kept. */
export async function getChat(db: FolioDatabase, noteId: string): Promise<ChatRecord | undefined> {
  const chats = await db.chats.where('note_id').equals(noteId).toArray();
  return chats.sort((a, b) => b.updated_time - a.updated_time)[0];
}

/** A new, unsaved conversation for a note ('' for the workspace). */
export function newChat(noteId: string, title = ''): ChatRecord {
  const now = Date.now();
  return { id: newId(), note_id: noteId, title, messages: [], created_time: now, updated_time: now };
}

/** Stores a conversation (its `updated_time` set to now); returns the stored record. */
export async function saveChat(db: FolioDatabase, chat: ChatRecord): Promise<ChatRecord> {
  const stored = { ...chat, updated_time: Math.max(Date.now(), chat.created_time) };
  try {
    await db.chats.put(stored);
  } catch (error) {
    throw toStorageError(error);
  }
  return stored;
}

/** Removes every conversation of a note ('' for the workspace), e.g. for "New chat". */
export async function deleteChats(db: FolioDatabase, noteId: string): Promise<void> {
  try {
    await db.chats.where('note_id').equals(noteId).delete();
  } catch (error) {
    throw toStorageError(error);
  }
}
