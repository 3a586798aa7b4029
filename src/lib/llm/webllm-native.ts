/**
 * The conversation for web-llm's native (Hermes) tool calling. web-llm injects its own system prompt
 * there and refuses another, so ours travels at the head of the first user message; past tool calls
 * are replayed as the JSON the model wrote (web-llm takes only string content for the assistant).
 */
import type { ChatMessage } from './types';
import type { WebLlmRequest } from './webllm-engine';

/** Messages for a native-tools request: no system role, tool results as `tool` messages. */
export function toNativeMessages(messages: ChatMessage[]): WebLlmRequest['messages'] {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const out: WebLlmRequest['messages'] = [];
  let systemPending = system !== '';
  for (const m of messages) {
    if (m.role === 'user') {
      out.push({ role: 'user', content: systemPending ? `${system}\n\n${m.content}` : m.content });
      systemPending = false;
    } else if (m.role === 'assistant') {
      const calls = (m.toolCalls ?? []).map((c) => ({ name: c.name, arguments: c.parsed ?? {} }));
      out.push({ role: 'assistant', content: calls.length > 0 ? JSON.stringify(calls) : m.content });
    } else if (m.role === 'tool') {
      out.push({
        role: 'tool',
        tool_call_id: m.toolCallId,
        content: m.isError ? `Error: ${m.content}` : m.content
      });
    }
  }
  return out;
}
