/**
 * Eval scenarios with a note open in the editor: the session tools (rewrite, insert before/after,
 * append, replace a structured block, edit a selection). Scored on the note as the user sees it
 * after accepting every suggestion, and on the rest of the note being left as it was.
 */
import {
  called,
  calls,
  check,
  ids,
  note,
  reply,
  WRITE_TOOLS,
  type Check,
  type Outcome,
  type Scenario
} from './scenario';
import type { EvalWorkspace } from './workspace';

/** A one-note workspace, the note open in the editor. */
function single(body: string, title = 'Open note') {
  return async (ws: EvalWorkspace) => {
    await note(ws, 'open', { title, body });
    return ids('open');
  };
}

const opened = (select?: string) => (s: Record<string, string>) => ({
  noteId: s.open,
  ...(select ? { select } : {})
});

/** Checks on the open note's final Markdown. */
function noteChecks(o: Outcome, has: string[], lacks: string[] = []): Check[] {
  const text = o.final.openNote ?? '';
  return [
    ...has.map((h) => check(text.includes(h), `the note has “${h}”`)),
    ...lacks.map((l) => check(!text.includes(l), `the note no longer has “${l}”`))
  ];
}

/** The open note was edited through suggestions (session tools), not rewritten behind the editor. */
const viaSuggestions = (o: Outcome) =>
  check(
    called(
      o.calls,
      ...WRITE_TOOLS.filter(
        (t) => !['create_note', 'update_note', 'delete_note', 'manage_tags', 'create_notebook'].includes(t)
      )
    ),
    'proposed the edit as a suggestion'
  );

const BUDGET =
  '# Trip budget\n\nWe plan to spend 300 euros on the hotel for the whole week.\n\nFood and museum tickets are paid for separately, day by day.\n';
const MEETING =
  '# Team meeting\n\nAttendees: Ana, Ben and Dora from the product team.\n\nDecisions: we ship the new editor on Friday after the review.\n';
const DIRECTIONS =
  '# Getting there\n\nArrive at the front desk at nine and ask for Sam at reception.\n\nParking is behind the station.\n\nBring an ID card or a passport for the visitor badge.\n';
const DIAGRAM = 'The release flow, as agreed:\n\n```mermaid\ngraph TD\nA-->B\n```\n\nWe review it monthly.\n';
const TYPOS =
  'Notes from the workshop on Tuesday morning.\n\nteh quick brwon fox jumps over the lazy dog.\n\nMore to follow next week.\n';

export const editorScenarios: Scenario[] = [
  {
    id: 'rewrite-paragraph',
    title: 'change a figure in the open note',
    message: 'In this note, change the hotel budget to 500 euros.',
    seed: single(BUDGET, 'Budget'),
    open: opened(),
    score: (o) => [
      ...noteChecks(
        o,
        ['500 euros', 'Food and museum tickets are paid for separately, day by day.'],
        ['300 euros']
      ),
      viaSuggestions(o)
    ],
    play: () => [
      calls(['rewrite_paragraph', { anchor: '300 euros', text: '500 euros' }]),
      reply('Proposed: 500 euros.')
    ]
  },
  {
    id: 'remove-sentence',
    title: 'remove one paragraph',
    message: 'Remove the sentence about parking from this note.',
    seed: single(DIRECTIONS, 'Directions'),
    open: opened(),
    score: (o) => [
      ...noteChecks(o, ['Arrive at the front desk', 'Bring an ID card'], ['Parking']),
      viaSuggestions(o)
    ],
    play: () => [
      calls(['rewrite_paragraph', { anchor: 'Parking is behind the station.', text: '' }]),
      reply('Proposed removing it.')
    ]
  },
  {
    id: 'insert-heading-before',
    title: 'insert before an anchor',
    message: "Add a heading 'Summary' just above the decisions line.",
    seed: single(MEETING, 'Meeting'),
    open: opened(),
    score: (o) => {
      const text = o.final.openNote ?? '';
      const heading = text.search(/^#{1,6} Summary\s*$/m);
      return [
        check(
          heading > text.indexOf('Attendees') && heading < text.indexOf('Decisions'),
          'a Summary heading sits between the attendees and the decisions'
        ),
        viaSuggestions(o)
      ];
    },
    play: () => [
      calls(['insert_before_anchor', { anchor: 'Decisions:', text: '## Summary' }]),
      reply('Proposed the heading.')
    ]
  },
  {
    id: 'insert-line-after',
    title: 'insert after an anchor',
    message: "Right after the attendees, add the line 'Carla joins remotely.'",
    seed: single(MEETING, 'Meeting'),
    open: opened(),
    score: (o) => {
      const text = o.final.openNote ?? '';
      const at = text.indexOf('Carla joins remotely.');
      return [
        check(
          at > text.indexOf('Attendees') && at < text.indexOf('Decisions'),
          'Carla’s line follows the attendees'
        ),
        ...noteChecks(o, ['Decisions: we ship the new editor on Friday']),
        viaSuggestions(o)
      ];
    },
    play: () => [
      calls(['insert_after_anchor', { anchor: 'from the product team.', text: '\n\nCarla joins remotely.' }]),
      reply('Proposed.')
    ]
  },
  {
    id: 'append-to-note',
    title: 'append to the open note',
    message: 'Add bread to this list.',
    seed: single('- eggs\n- milk\n', 'Shopping'),
    open: opened(),
    score: (o) => [
      ...noteChecks(o, ['eggs', 'milk', 'bread']),
      check(/^\s*[-*] bread\s*$/m.test(o.final.openNote ?? ''), 'bread is a list item'),
      viaSuggestions(o)
    ],
    play: () => [calls(['append_to_note', { text: '- bread' }]), reply('Proposed adding bread.')]
  },
  {
    id: 'replace-structured-block',
    title: 'replace a fenced diagram',
    message: 'Extend the diagram so that B also points to C.',
    seed: single(DIAGRAM, 'Release flow'),
    open: opened(),
    score: (o) => {
      const text = o.final.openNote ?? '';
      const block = /```mermaid\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
      return [
        check(/A\s*-->\s*B/.test(block) && /B\s*-->\s*C/.test(block), 'the diagram has A-->B and B-->C'),
        ...noteChecks(o, ['The release flow, as agreed:', 'We review it monthly.']),
        viaSuggestions(o)
      ];
    },
    play: () => [
      calls(['replace_structured_block', { tag: 'mermaid', text: 'graph TD\nA-->B\nB-->C' }]),
      reply('Proposed the new diagram.')
    ]
  },
  {
    id: 'edit-selection',
    title: 'fix only the selected text',
    message: 'Fix the spelling in the selected text.',
    seed: single(TYPOS, 'Workshop'),
    open: opened('teh quick brwon fox jumps over the lazy dog.'),
    score: (o) => [
      ...noteChecks(
        o,
        [
          'the quick brown fox jumps over the lazy dog.',
          'Notes from the workshop on Tuesday morning.',
          'More to follow next week.'
        ],
        ['teh ', 'brwon']
      ),
      check(called(o.calls, 'edit_selection'), 'used edit_selection')
    ],
    play: () => [
      calls(['edit_selection', { text: 'the quick brown fox jumps over the lazy dog.' }]),
      reply('Proposed the fix.')
    ]
  }
];
