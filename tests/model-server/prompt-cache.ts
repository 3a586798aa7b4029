/**
 * Anthropic prompt caching as the Messages API reports it, for the scripted server. The prompt is
 * read in the API's order — tools, then system, then messages — and every block carrying
 * `cache_control` is a breakpoint: the prompt up to it is a cacheable prefix, provided it reaches
 * the model's minimum length (1,024 tokens for Sonnet/Opus; shorter prefixes are not cached, and the
 * API says nothing). A request reads the longest prefix already cached and writes its longest
 * breakpoint prefix; usage then splits the input as the API does: `cache_read_input_tokens`,
 * `cache_creation_input_tokens`, and `input_tokens` for the rest only.
 */
import { estimateTokens } from './script';

/** Anthropic's minimum cacheable prompt for Sonnet and Opus models. */
export const CACHE_MIN_TOKENS = 1024;

/** How far before a breakpoint the API looks for a cached prefix, in blocks. */
const LOOKBACK_BLOCKS = 20;

/** The input usage of one request. */
export interface CacheUsage {
  inputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

type Json = Record<string, unknown>;

/** The prompt as a list of blocks in the API's order, each with whether it is a breakpoint. */
function blocks(body: Json): { text: string; breakpoint: boolean }[] {
  const out: { text: string; breakpoint: boolean }[] = [];
  // The marker itself is not part of the prompt: a block reads the same with or without it.
  const add = (block: unknown) => {
    const { cache_control, ...rest } = (block ?? {}) as Json;
    out.push({ text: JSON.stringify(rest), breakpoint: !!cache_control });
  };
  for (const tool of (body.tools as unknown[]) ?? []) add(tool);
  const system = body.system;
  if (typeof system === 'string') add({ type: 'text', text: system });
  else for (const block of (system as unknown[]) ?? []) add(block);
  for (const message of (body.messages as Json[]) ?? []) {
    const content = message.content;
    if (typeof content === 'string') add({ role: message.role, text: content });
    else for (const block of (content as unknown[]) ?? []) add({ role: message.role, ...(block as Json) });
  }
  return out;
}

/** A prompt cache shared by the requests of one server. */
export class PromptCache {
  private readonly cached = new Map<string, number>();

  constructor(private readonly minTokens = CACHE_MIN_TOKENS) {}

  /**
   * The usage split of a request, and what it writes to the cache. As the API does, each breakpoint
   * looks for a hit at its own position and at up to LOOKBACK_BLOCKS blocks before it, so the last
   * step's breakpoint (now an ordinary block) is still found by the next step's.
   */
  use(body: Json): CacheUsage {
    const list = blocks(body);
    const prefixes: string[] = [];
    let prefix = '';
    for (const block of list) prefixes.push((prefix += block.text));
    const total = estimateTokens(prefix);
    let read = 0;
    let write = 0;
    const written = new Map<string, number>();
    list.forEach((block, at) => {
      if (!block.breakpoint) return;
      for (let p = at; p >= Math.max(0, at - LOOKBACK_BLOCKS); p--) {
        const hit = this.cached.get(prefixes[p]);
        if (hit !== undefined) read = Math.max(read, hit);
      }
      const tokens = estimateTokens(prefixes[at]);
      if (tokens >= this.minTokens && !this.cached.has(prefixes[at])) {
        written.set(prefixes[at], tokens);
        write = Math.max(write, tokens);
      }
    });
    // What this request writes is there for the next ones, not for itself.
    for (const [key, tokens] of written) this.cached.set(key, tokens);
    const created = Math.max(0, write - read);
    return {
      inputTokens: Math.max(0, total - read - created),
      cacheReadTokens: read,
      cacheCreationTokens: created
    };
  }
}
