/**
 * Writers in words, for the history view and revision labels: "you", "you, in another tab", "the
 * assistant", "plugin “Packing”", "MCP client “Claude Code”", "an import", "sync". `tab` is the
 * asking tab's id, so a user's edit made in another tab reads as such.
 */
import type { Writer } from './records';

/** The writer in words, lower case (e.g. "the assistant"). */
export function describeWriter(writer: Writer, tab?: string): string {
  switch (writer.source) {
    case 'user':
      return writer.tab && tab && writer.tab !== tab ? 'you, in another tab' : 'you';
    case 'ai':
      return 'the assistant';
    case 'plugin':
      return writer.name ? `plugin “${writer.name}”` : 'a plugin';
    case 'mcp':
      return writer.name ? `MCP client “${writer.name}”` : 'an MCP client';
    case 'import':
      return 'an import';
    case 'sync':
      return writer.name ? `sync (${writer.name})` : 'sync';
    case 'system':
      return 'Folio';
  }
}

/** Whether two writers are the same one (the same kind, name and tab). */
export function sameWriter(a: Writer | undefined, b: Writer): boolean {
  return !!a && a.source === b.source && (a.name ?? '') === (b.name ?? '') && (a.tab ?? '') === (b.tab ?? '');
}

/** The writer with only its defined fields (for storing). */
export function writerOf(source: Writer['source'], name?: string, tab?: string): Writer {
  return { source, ...(name ? { name } : {}), ...(tab ? { tab } : {}) };
}
