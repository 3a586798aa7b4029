/**
 * The build marks every module of src/lib free of side effects (vite.config.ts, PURE_MODULES), so
 * the bundler drops any of them that a chunk imports but does not use. A module that did work at
 * import (registered a listener, set a global, called a setup function) would then silently stop
 * doing it in the built app while still doing it in tests. This keeps the rule checked: no
 * statement at the top of a src/lib module may run for its effect. Declarations, imports and
 * exports are what such a module holds; an initializer builds the value it names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const LIB = join(ROOT, 'src', 'lib');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The identifier a chain of property reads, calls and assignments starts from (`a` of `a.b.c(x) = y`). */
function rootName(expression: ts.Expression): string | undefined {
  let e: ts.Expression = expression;
  for (;;) {
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) e = e.left;
    else if (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))
      e = e.expression;
    else if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else return ts.isIdentifier(e) ? e.text : undefined;
  }
}

/** The top-level statements of `source` that run for their effect, as `line: text`. */
function effectStatements(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const ownValues = new Set(
    file.statements
      .filter(ts.isVariableStatement)
      .flatMap((s) => s.declarationList.declarations.map((d) => (ts.isIdentifier(d.name) ? d.name.text : '')))
  );
  const buildsOwnValue = (s: ts.Statement) =>
    ts.isExpressionStatement(s) && ownValues.has(rootName(s.expression) ?? '');
  const allowed = (s: ts.Statement) =>
    ts.isImportDeclaration(s) ||
    ts.isImportEqualsDeclaration(s) ||
    ts.isExportDeclaration(s) ||
    ts.isExportAssignment(s) ||
    ts.isVariableStatement(s) ||
    ts.isFunctionDeclaration(s) ||
    ts.isClassDeclaration(s) ||
    ts.isInterfaceDeclaration(s) ||
    ts.isTypeAliasDeclaration(s) ||
    ts.isEnumDeclaration(s) ||
    ts.isModuleDeclaration(s) ||
    ts.isEmptyStatement(s) ||
    buildsOwnValue(s);
  return file.statements
    .filter((s) => !allowed(s))
    .map((s) => `${file.getLineAndCharacterOfPosition(s.getStart()).line + 1}: ${s.getText().slice(0, 60)}`);
}

describe('src/lib modules are free of side effects, as the build assumes', () => {
  it('finds a statement run for its effect (the check can fail)', () => {
    expect(
      effectStatements("import { x } from './x';\nwindow.addEventListener('load', x);\nexport const y = 1;")
    ).toEqual(["2: window.addEventListener('load', x);"]);
    expect(effectStatements('if (globalThis.a) globalThis.b = 1;')).toHaveLength(1);
    expect(effectStatements("import { registry } from './r';\nregistry.add('x');")).toHaveLength(1);
    expect(effectStatements('const md = make();\nmd.rules.x = 1;\nmd.disable(["a"]);')).toEqual([]);
    expect(effectStatements('export function f() { g(); }\nconst h = () => 1;\nexport class C {}')).toEqual(
      []
    );
  });

  it('holds for every module of src/lib', () => {
    const found = modules(LIB).flatMap((path) =>
      effectStatements(readFileSync(path, 'utf8'), path).map((s) => `${relative(ROOT, path)}:${s}`)
    );
    expect(found).toEqual([]);
  });
});
