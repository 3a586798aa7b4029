// The import rules refuse what they are for: a small tree laid out like the app's (fixtures/) has
// one file per kind of break, and the rules file (.dependency-cruiser.cjs) must report exactly those,
// and nothing in the files that keep the rules. The real tree is checked by `npm run lint:imports`.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const rules = require('../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  options: Record<string, unknown>;
};
const FIXTURE = fileURLToPath(new URL('./fixtures/', import.meta.url));

let violations: string[] = [];

beforeAll(async () => {
  const { options } = rules;
  const result = await cruise(
    ['src', 'workers'],
    {
      ruleSet: { forbidden: rules.forbidden },
      validate: true,
      baseDir: FIXTURE,
      tsPreCompilationDeps: true,
      doNotFollow: options.doNotFollow as { path: string },
      outputType: 'json'
    },
    {
      alias: { $lib: `${FIXTURE}src/lib` },
      extensions: ['.ts', '.js'],
      conditionNames: ['import', 'default', 'types']
    },
    {}
  );
  const output = JSON.parse(result.output as string) as ICruiseResult;
  // An npm package is named by its name, not by the file it resolved to.
  const target = (to: string) => to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1');
  violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${target(v.to)}`);
}, 60_000);

describe('the import rules', () => {
  it('refuse a re-export of $lib/db from agent', () => {
    expect(violations).toContain('layer-agent: src/lib/agent/index.ts -> src/lib/db/index.ts');
  });

  it('refuse a double-quoted import of a tier out of reach', () => {
    expect(violations).toContain('layer-agent: src/lib/agent/quoted.ts -> src/lib/editor/index.ts');
  });

  it("refuse a dynamic import('$lib/rpc') where only rpc's types may be named", () => {
    expect(violations).toContain('layer-agent-types-only: src/lib/agent/lazy.ts -> src/lib/rpc/index.ts');
  });

  it('refuse a workers/ import from src/lib, even of a type', () => {
    expect(violations).toContain(
      'no-workers-from-lib: src/lib/tools/worker-types.ts -> workers/agent-api.ts'
    );
  });

  it("refuse an import past a folder's index.ts", () => {
    expect(violations).toContain('through-index: src/lib/search/deep.ts -> src/lib/db/notes-repo.ts');
  });

  it('refuse an import cycle', () => {
    expect(violations).toContain('no-circular: src/lib/editor/cycle-a.ts -> src/lib/editor/cycle-b.ts');
  });

  it('refuse an npm package imported outside the tier that owns it', () => {
    expect(violations).toContain('package-dexie: src/lib/agent/package.ts -> dexie');
  });

  it('refuse nothing else: db → core, rpc → core, db → Dexie and agent naming a type of rpc pass', () => {
    expect([...violations].sort()).toEqual([
      'layer-agent-types-only: src/lib/agent/lazy.ts -> src/lib/rpc/index.ts',
      'layer-agent: src/lib/agent/index.ts -> src/lib/db/index.ts',
      'layer-agent: src/lib/agent/quoted.ts -> src/lib/editor/index.ts',
      'no-circular: src/lib/editor/cycle-a.ts -> src/lib/editor/cycle-b.ts',
      'no-workers-from-lib: src/lib/tools/worker-types.ts -> workers/agent-api.ts',
      'package-dexie: src/lib/agent/package.ts -> dexie',
      'through-index: src/lib/search/deep.ts -> src/lib/db/notes-repo.ts'
    ]);
  });
});
