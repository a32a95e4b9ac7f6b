import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Jest compiles without type checking, so what the compiler refuses is asserted here: the compiler API type-checks the
 * fixtures in libs/server/type-fixtures with the repository's tsconfig.json (@fodmap/* resolved to their sources).
 */
const ROOT = join(__dirname, '../../../..');
const FIXTURES = join(ROOT, 'libs/server/type-fixtures');

const FIXTURE_FILES = ['projection-of-own-source.ts', 'projection-of-another-source.ts'].map((fixture) => join(FIXTURES, fixture));
let program: ts.Program | undefined;

/** One program for both fixtures: most of the time goes to reading the libraries they import. */
function compiled(): ts.Program {
  if (program) return program;
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), { noEmit: true, incremental: false }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  program = ts.createProgram(FIXTURE_FILES, config.options);
  return program;
}

function diagnosticsOf(fixture: string): Array<{ line: string; code: number; message: string }> {
  const file = join(FIXTURES, fixture);
  const source = compiled().getSourceFile(file);
  if (!source) throw new Error(`${fixture} was not compiled`);
  return [...compiled().getSyntacticDiagnostics(source), ...compiled().getSemanticDiagnostics(source)].map((diagnostic) => {
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return { line: source.text.split('\n')[line].trim(), code: diagnostic.code, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') };
  });
}

describe('a projection is typed by the sources it reads', () => {
  it("compiles handlers of each source's own event types, with each handler's payload typed", () => {
    expect(diagnosticsOf('projection-of-own-source.ts')).toEqual([]);
  }, 60_000);

  it("refuses another service's event type under a source, a field its payload lacks and an ignored type the source lacks", () => {
    const diagnostics = diagnosticsOf('projection-of-another-source.ts');

    expect(diagnostics).toEqual([
      { line: '[FOODS]: { MealCreated: async () => undefined },', code: 2353, message: expect.stringMatching(/^Object literal may only specify known properties, and 'MealCreated' does not exist in type/) },
      { line: '[JOURNAL]: { MealCreated: async (_context, { data }) => void data.query },', code: 2339, message: expect.stringMatching(/^Property 'query' does not exist on type/) },
      { line: "ignores: { [FOODS]: ['SymptomLogged'] },", code: 2322, message: expect.stringMatching(/^Type '"SymptomLogged"' is not assignable to type '"Food\w+" \| "Food\w+" \| "Food\w+"'/) },
    ]);
  }, 60_000);
});
