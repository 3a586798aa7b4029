/**
 * Test support for the MCP tests (imported by *.test.ts only): a workspace with the built-in tools,
 * an MCP server factory over it, and SDK clients connected in-process.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { toolBench } from '../tools/tool-test-kit';
import { followNoteChanges, type NoteChangeFeed } from './note-changes';
import { createMcpServerFactory, type McpServerFactory } from './server';
import { staticMcpToolAccess } from './tool-access';

/** A fresh workspace, switches, a change feed and a server factory over them. */
export async function mcpBench(switches: Record<string, boolean> = {}) {
  const bench = await toolBench();
  const access = staticMcpToolAccess(switches);
  const noteChanges: NoteChangeFeed = await followNoteChanges(bench.db, (error) => {
    throw error;
  });
  const { db, search, semantic } = bench.ctx;
  const factory: McpServerFactory = createMcpServerFactory({
    registry: bench.registry,
    access,
    noteChanges,
    context: () => ({ db, search, semantic })
  });
  return { ...bench, access, noteChanges, factory, connect: () => connectClient(factory) };
}

/** An SDK client connected to a new server of `factory` over an in-memory pair. */
export async function connectClient(factory: McpServerFactory): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await factory().connect(serverSide);
  await client.connect(clientSide);
  return client;
}

/** Resolves on the next tick after pending notifications were delivered. */
export function settle(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
