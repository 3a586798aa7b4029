import { afterEach, describe, expect, it } from 'vitest';
import type { FolioDatabase } from './database';
import { deleteChats, getChat, newChat, saveChat, WORKSPACE_CHAT } from './chats-repo';
import { freshDb } from '../../../tests/fresh-db';

let db: FolioDatabase | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

describe('chats repository', () => {
  it('keeps a note’s conversation apart from the workspace’s', async () => {
    db = freshDb();
    await saveChat(db, { ...newChat('a'.repeat(32)), messages: [{ n: 1 }] });
    await saveChat(db, { ...newChat(WORKSPACE_CHAT), messages: [{ n: 2 }] });
    expect((await getChat(db, 'a'.repeat(32)))?.messages).toEqual([{ n: 1 }]);
    expect((await getChat(db, WORKSPACE_CHAT))?.messages).toEqual([{ n: 2 }]);
  });

  it('answers undefined for a note without a conversation', async () => {
    db = freshDb();
    expect(await getChat(db, 'b'.repeat(32))).toBeUndefined();
  });

  it('replaces a conversation saved again under the same id', async () => {
    db = freshDb();
    const chat = await saveChat(db, newChat(WORKSPACE_CHAT));
    await saveChat(db, { ...chat, messages: [{ n: 3 }] });
    expect(await db.chats.count()).toBe(1);
    expect((await getChat(db, WORKSPACE_CHAT))?.messages).toEqual([{ n: 3 }]);
  });

  it('deletes a note’s conversations and leaves the others', async () => {
    db = freshDb();
    await saveChat(db, newChat('c'.repeat(32)));
    await saveChat(db, newChat(WORKSPACE_CHAT));
    await deleteChats(db, 'c'.repeat(32));
    expect(await getChat(db, 'c'.repeat(32))).toBeUndefined();
    expect(await getChat(db, WORKSPACE_CHAT)).toBeDefined();
  });
});
