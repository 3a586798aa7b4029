/**
 * The endpoints beyond the OpenAI wire that local model servers answer, in their real shapes, so the
 * scripted server can stand for llama.cpp, Ollama, LM Studio or vLLM when a test asks how long a
 * context the server runs the model with. Shapes as the servers send them: llama.cpp's /props and
 * its /v1/models `meta`, Ollama's /api/version and /api/show (checked with the official `ollama`
 * client in server-context.test.ts), LM Studio's REST /api/v0/models, vLLM's `max_model_len`.
 */
import type { ScriptedModel } from './script';

/** Which server the scripted server imitates. */
export type ServerFlavor = 'llamacpp' | 'ollama' | 'lmstudio' | 'vllm';

/** A served model: the window it runs with and the one it was trained for. */
export interface FlavorOptions {
  flavor: ServerFlavor;
  /** The window the server runs the model with (llama.cpp --ctx-size, Ollama num_ctx, …). */
  servedContextTokens?: number;
  /** The model's training window (n_ctx_train, <arch>.context_length, max_context_length). */
  trainContextTokens?: number;
  /** LM Studio: whether the model is loaded (else only max_context_length is known). */
  loaded?: boolean;
  /** Ollama: whether the Modelfile sets num_ctx (else Ollama's default applies). */
  setsNumCtx?: boolean;
}

/** The /v1/models entry of a model as the flavor lists it. */
export function flavorModel(model: ScriptedModel, options: FlavorOptions): ScriptedModel {
  const train = options.trainContextTokens ?? 32_768;
  switch (options.flavor) {
    case 'llamacpp':
      return {
        owned_by: 'llamacpp',
        meta: {
          vocab_type: 2,
          n_vocab: 151_936,
          n_ctx_train: train,
          n_embd: 1536,
          n_params: 1_543_714_304,
          size: 1_117_320_736
        },
        ...model
      };
    case 'vllm':
      return {
        owned_by: 'vllm',
        root: model.id,
        parent: null,
        max_model_len: options.servedContextTokens ?? train,
        permission: [],
        ...model
      };
    case 'ollama':
      return { owned_by: 'library', ...model };
    case 'lmstudio':
      return { owned_by: 'organization_owner', ...model };
  }
}

/** Answers a flavor's own endpoint, or returns undefined when the path is not one of them. */
export function flavorRoute(
  method: string,
  path: string,
  body: unknown,
  models: ScriptedModel[],
  options: FlavorOptions
): { status: number; body: unknown } | undefined {
  const served = options.servedContextTokens ?? 4096;
  const train = options.trainContextTokens ?? 32_768;
  const model = models[0];
  if (options.flavor === 'llamacpp' && method === 'GET' && path === '/props') {
    return {
      status: 200,
      body: {
        default_generation_settings: {
          id: 0,
          id_task: -1,
          n_ctx: served,
          speculative: false,
          is_processing: false,
          params: { n_predict: -1, temperature: 0.8 }
        },
        total_slots: 1,
        model_path: `/models/${model.id}.gguf`,
        chat_template: '{{- bos_token }}',
        modalities: { vision: false, audio: false },
        build_info: 'b6000-scripted'
      }
    };
  }
  if (options.flavor === 'ollama' && method === 'GET' && path === '/api/version')
    return { status: 200, body: { version: '0.12.3' } };
  if (options.flavor === 'ollama' && method === 'POST' && path === '/api/show') {
    const asked = (body as { model?: string } | undefined)?.model;
    if (!models.some((m) => m.id === asked))
      return { status: 404, body: { error: `model '${asked}' not found` } };
    const parameters = [
      ...(options.setsNumCtx === false ? [] : [`num_ctx                        ${served}`]),
      'stop                           "<|im_start|>"',
      'stop                           "<|im_end|>"'
    ].join('\n');
    return {
      status: 200,
      body: {
        license: 'Apache License',
        modelfile: `FROM /models/${asked}\nPARAMETER num_ctx ${served}`,
        parameters,
        template: '{{ .System }}',
        details: {
          parent_model: '',
          format: 'gguf',
          family: 'qwen2',
          families: ['qwen2'],
          parameter_size: '1.5B',
          quantization_level: 'Q4_K_M'
        },
        model_info: {
          'general.architecture': 'qwen2',
          'general.parameter_count': 1_543_714_304,
          'qwen2.context_length': train,
          'qwen2.embedding_length': 1536
        },
        capabilities: ['completion', 'tools'],
        modified_at: '2025-06-01T12:00:00.000Z'
      }
    };
  }
  if (options.flavor === 'lmstudio' && method === 'GET' && path.startsWith('/api/v0/models/')) {
    const id = decodeURIComponent(path.slice('/api/v0/models/'.length));
    if (!models.some((m) => m.id === id)) return { status: 404, body: { error: `Model ${id} not found` } };
    return {
      status: 200,
      body: {
        id,
        object: 'model',
        type: 'llm',
        publisher: 'lmstudio-community',
        arch: 'qwen2',
        compatibility_type: 'gguf',
        quantization: 'Q4_K_M',
        state: options.loaded === false ? 'not-loaded' : 'loaded',
        max_context_length: train,
        ...(options.loaded === false ? {} : { loaded_context_length: served })
      }
    };
  }
  return undefined;
}
