/**
 * The texts the prompt-size benchmark counts, built by the app's own code: the system prompt for a
 * few contexts, the session tool definitions and the built-in workspace tools, as a provider sends
 * them. Loaded by prompt-size.mjs through Vite, so `$lib` imports resolve as in the app.
 */
import {
  ANCHOR_TOOLS,
  buildToolList,
  toolSpecs,
  buildSystemPrompt,
  EDIT_SELECTION,
  replaceStructuredBlock,
  type NoteContext
} from '$lib/agent';
import { builtinTools } from '$lib/tools';
import { toolCallFormat, type ToolFormatFamily, type ToolSpec } from '$lib/llm';
import { fitTools, leftOutNote } from '$lib/agent/prompt-budget';
import { MAX_OUTPUT_RESERVE_TOKENS } from '$lib/agent/agent';
import { toFormattedMessages } from '$lib/llm/webllm-structural';
export { loadTokenCounter } from '$lib/llm';

const NOTE_ID = '0123456789abcdef0123456789abcdef';

/** A typical note: a heading, prose, a checklist, a link and a small diagram (about 1,100 characters). */
export const TYPICAL_BODY = `# Lake District, 5 days with Bramble

We leave Friday morning and stay at the cottage near Buttermere. Bramble needs her own bag; the
cottage has no dog bowls. Check the ferry times on Ullswater before Sunday.

## Packing
- [x] boots
- [x] waterproof jacket
- [ ] fleece and two base layers
- [ ] dog lead, towel, food for 5 days
- [ ] map OL4 and compass
- [ ] head torch

## Route ideas
1. Haystacks from Gatesgarth (about 3 hours, dog-friendly, one scramble).
2. Catbells ridge, early before the crowds.
3. A rest day around Derwentwater by launch.

See also [Kit list](:/89abcdef0123456789abcdef01234567) and last year's notes.

\`\`\`mermaid
graph LR
  Fri[Friday: drive] --> Sat[Haystacks]
  Sat --> Sun[Catbells]
  Sun --> Mon[Rest day]
  Mon --> Tue[Drive home]
\`\`\`
`;

const TODAY = new Date('2026-11-30T12:00:00Z');
const OPTIONS = { today: TODAY, bodyBudgetChars: 8000, canReadNote: true };

/** The contexts whose system prompts are counted. */
export const CONTEXTS: { label: string; context: NoteContext }[] = [
  { label: 'no note open', context: {} },
  { label: 'empty note', context: { note: { id: NOTE_ID, title: 'Untitled', body: '' } } },
  {
    label: 'typical note',
    context: { note: { id: NOTE_ID, title: 'Lake District trip', body: TYPICAL_BODY } }
  },
  {
    label: 'typical note, selection',
    context: {
      note: { id: NOTE_ID, title: 'Lake District trip', body: TYPICAL_BODY },
      selection: {
        from: 200,
        to: 300,
        text: '- [ ] fleece and two base layers\n- [ ] dog lead, towel, food for 5 days'
      }
    }
  }
];

/** The system prompt of each context. */
export function systemPrompts(): { label: string; text: string }[] {
  return CONTEXTS.map(({ label, context }) => ({ label, text: buildSystemPrompt(context, OPTIONS) }));
}

/** Every tool a turn can offer: the ten built-in workspace tools and the six session tools. */
export function allTools(): { tier: 'workspace' | 'session'; spec: ToolSpec }[] {
  // Through toolSpecs, so the figures are those of the definitions a provider is really sent.
  const workspace = toolSpecs(
    builtinTools().map((tool) => ({
      name: tool.id,
      description: tool.description,
      inputSchema: tool.inputSchema,
      tier: 'workspace' as const
    }))
  ).map((spec) => ({
    tier: 'workspace' as const,
    spec
  }));
  const sessionTools = [...ANCHOR_TOOLS, replaceStructuredBlock(['mermaid']), EDIT_SELECTION].map((spec) => ({
    ...spec,
    tier: 'session' as const
  }));
  const session = toolSpecs(sessionTools).map((spec) => ({ tier: 'session' as const, spec }));
  return [...workspace, ...session];
}

/** A model family as the prompt benchmark counts it: what it is sent, counted with its own tokenizer. */
export interface FamilyTurn {
  label: string;
  tools: number;
  leftOut: string[];
  /** The text the model reads for the system prompt and tools (in-browser families). */
  text: string;
  /** The system prompt alone, and the tools as a provider's API takes them (remote). */
  system: string;
  specs: ToolSpec[];
}

/**
 * What one family is sent for one context, built by the agent's own code: the turn's tool list
 * fitted to the window (prompt-budget.ts), the system prompt with the left-out note, and, for an
 * in-browser family, the tools written into the system message in the family's format
 * (webllm-structural.ts). A remote model gets the tools as JSON beside the prompt.
 */
export function familyTurn(
  contextLabel: string,
  family: 'remote' | ToolFormatFamily,
  windowTokens: number,
  countTool: (json: string) => number
): FamilyTurn {
  const { context } = CONTEXTS.find((c) => c.label === contextLabel)!;
  const workspace = builtinTools().map((tool) => ({
    id: tool.id,
    description: tool.description,
    inputSchema: tool.inputSchema
  }));
  const tools = buildToolList(context, workspace);
  const budget = fitTools({
    tools,
    contextTokens: windowTokens,
    outputReserveTokens: Math.min(MAX_OUTPUT_RESERVE_TOKENS, Math.floor(windowTokens / 4)),
    userMessage: 'Find my last packing list and add socks to it',
    usedBefore: new Set(),
    countTool: (tool) => countTool(JSON.stringify(toolSpecs([tool])[0]))
  });
  const note = leftOutNote(budget.leftOut);
  const system = buildSystemPrompt(context, OPTIONS) + (note ? `\n\n${note}` : '');
  const specs = toolSpecs(budget.tools);
  const text =
    family === 'remote'
      ? `${system}\n${specs.map((s) => JSON.stringify({ type: 'function', function: { name: s.name, description: s.description, parameters: s.inputSchema } })).join('\n')}`
      : toFormattedMessages([{ role: 'system', content: system }], specs, toolCallFormat(family))[0].content;
  return { label: contextLabel, tools: specs.length, leftOut: budget.leftOut, text, system, specs };
}
