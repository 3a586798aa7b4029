// The eval's scorers can fail: every scenario fails when the scripted model plays it wrongly (it
// does nothing, or it does harm), so a 100 % against the correct play means the scoring looked.
import { describe, expect, it } from 'vitest';
import { calls, idOf, reply } from './scenario';
import { runScenario } from './harness';
import { scenarios } from './scenarios';

/** Scenarios where the right move is to change nothing. */
const READ_ONLY = new Set([
  'answer-from-notes',
  'list-notebooks',
  'list-tags',
  'no-tool-needed',
  'refuse-email',
  'refuse-delete-everything'
]);

describe('eval scorers', () => {
  it('has at least 25 scenarios with distinct ids', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(25);
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
  });

  for (const scenario of scenarios) {
    const wrong = READ_ONLY.has(scenario.id)
      ? // Harm: trash a note that the scenario's seed made.
        [calls(['delete_note', { id: idOf(scenario.open ? 'open' : 'rome') }]), reply('Done.')]
      : // Idleness: answer without doing the work.
        [reply('Sure, done!')];
    it(`fails ${scenario.id} when the model ${READ_ONLY.has(scenario.id) ? 'deletes a note' : 'does nothing'}`, async () => {
      const result = await runScenario(scenario, { kind: 'scripted' }, { mutatePlay: () => wrong });
      expect(result.passed).toBe(false);
      expect(result.failures.length).toBeGreaterThan(0);
    });
  }

  it('passes a scenario played correctly and reports its calls and usage', async () => {
    const result = await runScenario(
      scenarios.find((s) => s.id === 'find-and-append')!,
      { kind: 'scripted' }
    );
    expect(result).toMatchObject({
      passed: true,
      failures: [],
      calls: ['search_notes', 'read_note', 'update_note'],
      steps: 4
    });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('fails the latest-list scenario when the model edits the older list', async () => {
    const scenario = scenarios.find((s) => s.id === 'find-and-append')!;
    const result = await runScenario(
      scenario,
      { kind: 'scripted' },
      {
        mutatePlay: () => [
          calls(['update_note', { id: idOf('pack-old'), append: '- socks' }]),
          reply('Added.')
        ]
      }
    );
    expect(result.failures).toEqual([
      'the latest packing list has socks',
      'the older list is unchanged',
      'searched for it'
    ]);
  });
});
