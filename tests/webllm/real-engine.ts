/**
 * web-llm's real MLCEngine with a stand-in for the one part that needs a GPU and weights: the
 * LLMChatPipeline's forward passes. Everything else is web-llm's own code — `chat.completions.create`
 * and its request checks, the stream generator, the model lock, `interruptGenerate`, `unload`, the
 * conversation bookkeeping — and the grammar step of prefill calls the pipeline's real
 * `prepareGrammarMatcherForSampling`, so a response format goes through the bundled XGrammar
 * compiler exactly as in a browser (over a one-character-per-token vocabulary).
 *
 * The stand-in "decodes" scripted text a few characters per step, as a model emits tokens.
 */
import { openWebLlm } from './open-webllm';

/** The model id the engine is loaded with (a non-Hermes model, as Folio's default). */
export const REAL_ENGINE_MODEL = 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC';

/** A ChatML conversation template (the shape of Qwen2.5's mlc-chat-config.json). */
const QWEN_CHAT_CONFIG = {
  conv_template: {
    name: 'qwen2',
    system_template: '<|im_start|>system\n{system_message}<|im_end|>\n',
    system_message: 'You are a helpful assistant.',
    roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant', tool: '<|im_start|>user' },
    seps: ['<|im_end|>\n'],
    role_content_sep: '\n',
    role_empty_sep: '\n',
    stop_str: ['<|endoftext|>', '<|im_end|>'],
    stop_token_ids: [0],
    system_prefix_token_ids: []
  },
  conv_config: {},
  tokenizer_files: [],
  temperature: 0.7,
  top_p: 0.8,
  repetition_penalty: 1.05,
  frequency_penalty: 0,
  presence_penalty: 0,
  context_window_size: 4096
};

/** One token per printable ASCII character, plus newline; id 0 is the stop token. */
const VOCAB = ['<|im_end|>', '\n', ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))];

// The stand-in's `this`: web-llm's pipeline fields and methods are untyped from here.
type Pipeline = Record<string, any>;

/** What the stand-in pipeline records. */
export interface PipelineLog {
  prefills: number;
  disposed: number;
}

/** A real MLCEngine with a stand-in pipeline loaded, playing `outputs` one per generation. */
export async function realEngine(
  outputs: string[],
  options: { pieceChars?: number; decodeDelayMs?: number } = {}
) {
  const webllm = await openWebLlm();
  const engine = new webllm.MLCEngine({ logLevel: 'SILENT' });
  const log: PipelineLog = { prefills: 0, disposed: 0 };
  const pieceChars = options.pieceChars ?? 4;
  const pipeline = Object.assign(
    Object.create(webllm.__LLMChatPipeline.prototype) as Record<string, unknown>,
    {
      // Fields the real grammar and conversation code read.
      tokenizer: { getVocabSize: () => VOCAB.length, idToToken: (id: number) => VOCAB[id] },
      token_postproc_method: 'raw',
      prepend_space_in_encode: false,
      fullVocabSize: VOCAB.length,
      stopTokens: [0],
      appearedTokensFreq: new Map(),
      // Until the first request sets the real one: a conversation no request equals, so the engine
      // starts it afresh (as it does for a new chat).
      conversation: { function_string: '\u0000none', messages: [], reset() {}, finishReply() {} },
      stopTriggered: false,
      finishReason: undefined,
      outputMessage: '',
      script: '',
      // The GPU parts, stood in for.
      async prefillStep(
        this: Pipeline,
        _input: string,
        _role: string,
        _roleName: string | undefined,
        genConfig: unknown
      ) {
        log.prefills += 1;
        this.resetGenerationRoundState();
        this.stopTriggered = false;
        this.finishReason = undefined;
        // The real prefill starts the grammar compile, runs the prompt, then awaits the compile.
        const grammar = this.prepareGrammarMatcherForSampling(genConfig);
        if (grammar) await grammar;
        // What the real forward pass does to the conversation before running the prompt.
        this.conversation.appendMessage(_role, _input, _roleName);
        this.conversation.appendReplyHeader('assistant');
        this.script = outputs.shift() ?? '';
        this.curRoundPrefillTotalTokens = 42;
        this.emitPiece();
      },
      async decodeStep(this: Pipeline) {
        if (options.decodeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.decodeDelayMs));
        this.emitPiece();
      },
      emitPiece(this: Pipeline) {
        const done = this.outputMessage.length;
        this.outputMessage += this.script.slice(done, done + pieceChars);
        this.curRoundCompletionTotalTokens += 1;
        this.curRoundDecodingTotalTokens += 1;
        if (this.outputMessage.length >= this.script.length) {
          this.stopTriggered = true;
          this.finishReason = 'stop';
          this.conversation?.finishReply(this.outputMessage);
        }
      },
      resetChat(this: Pipeline) {
        this.conversation.reset();
        this.finishReason = undefined;
      },
      dispose() {
        log.disposed += 1;
      },
      async sync() {}
    }
  );
  // What reload() leaves behind once a model is loaded (private fields of MLCEngine).
  const loaded = engine as unknown as Record<
    | 'loadedModelIdToPipeline'
    | 'loadedModelIdToChatConfig'
    | 'loadedModelIdToModelType'
    | 'loadedModelIdToLock',
    Map<string, unknown>
  >;
  loaded.loadedModelIdToPipeline.set(REAL_ENGINE_MODEL, pipeline);
  loaded.loadedModelIdToChatConfig.set(REAL_ENGINE_MODEL, QWEN_CHAT_CONFIG);
  loaded.loadedModelIdToModelType.set(REAL_ENGINE_MODEL, webllm.ModelType.LLM);
  loaded.loadedModelIdToLock.set(REAL_ENGINE_MODEL, new webllm.__CustomLock());
  return { engine, log };
}
