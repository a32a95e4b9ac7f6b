import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Issue 19 §1: a route's path is written once, in this contract. Every other place takes it from `httpContract`
 * (`route.path`, `pathTo(route, params)`), so a string literal that starts with `/api` outside libs/contracts/src/http
 * is a second copy. Comments and regular expressions are not literals and may name paths.
 */
const ROOT = join(__dirname, '../../../..');

/** The places that call or serve the API. */
const DIRECTORIES = ['apps/gateway/src', 'apps/web/src', 'apps/admin/src', 'libs/web-client/src', 'apps/e2e/src', 'bench'];

/**
 * Literals that are not a route of the contract, each with why. `literals`: the exact strings allowed in that file;
 * `inside`: the one declaration (by name) whose literals are all allowed.
 */
const NOT_ROUTES: Record<string, { why: string; literals?: string[]; inside?: string }> = {
  'apps/e2e/src/api/platform.e2e-spec.ts': { why: 'an unknown path answers a JSON 404', literals: ['/api/no-such-thing'] },
  'apps/e2e/src/api/security.e2e-spec.ts': { why: 'unknown paths, also past the admin guard, answer JSON', literals: ['/api/no-such-thing', '/api/admin/no-such-thing'] },
  'apps/e2e/src/support/api.ts': { why: "the development mail catcher's own API (tools/mailcatcher), not the product's", literals: ['/api/messages'] },
  'bench/lib/stack.mjs': { why: "the development mail catcher's own API (tools/mailcatcher), not the product's", literals: ['/api/messages'] },
  'bench/fuzz.mjs': { why: "odd and malformed paths are the cases themselves; '/api' tells which requests must answer JSON", inside: 'ODD_PATHS', literals: ['/api'] },
  'bench/web-size.mjs': { why: 'its stand-in server answers the SPAs without the built contract (it builds web and admin only)', inside: 'apiReply' },
};

const SOURCE = /\.(ts|tsx|mjs|js)$/;
/**
 * Unit tests pin the wire: a web test answers the URL a request must go to, a gateway test sends the URL a phone sends.
 * Taken from the contract, such a URL would follow a wrong path in the contract and the test could not fail. The
 * end-to-end tests (*.e2e-spec.ts) are callers like the web and are checked.
 */
const UNIT_TEST = /\.spec\.tsx?$/;
const API_PATH = /^\/api(?=$|[/?#])/;

function filesUnder(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !UNIT_TEST.test(entry.name) && !join(entry.parentPath, entry.name).includes('/dist/'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Each literal (or template part) of a file that starts with /api, with the declaration it sits in. */
function apiPathLiterals(file: string, text: string): { text: string; line: number; declaration?: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number; declaration?: string }[] = [];
  const visit = (node: ts.Node, declaration?: string) => {
    const inner = (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name) ? node.name.text : declaration;
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (API_PATH.test(node.text)) found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, declaration: inner });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source);
  return found;
}

function allowed(file: string, literal: { text: string; declaration?: string }): boolean {
  const exception = NOT_ROUTES[file];
  return Boolean(exception && (exception.literals?.includes(literal.text) || (exception.inside && literal.declaration === exception.inside)));
}

describe('no /api path outside the HTTP contract', () => {
  it.each(DIRECTORIES)('%s takes every path from httpContract', (directory) => {
    const copies = filesUnder(directory).flatMap((file) =>
      apiPathLiterals(file, readFileSync(join(ROOT, file), 'utf8'))
        .filter((literal) => !allowed(file, literal))
        .map(({ text, line }) => `${file}:${line} '${text.slice(0, 80)}'`),
    );
    expect(copies).toEqual([]);
  });

  it('finds a path in a literal and in a template, not in a comment, a regular expression or another word', () => {
    const sample = [
      "// GET /api/meals in a comment",
      "const list = '/api/meals';",
      "const one = `${base}/api/meals/${id}`;",
      "const pattern = /^\\/api\\/photos\\//;",
      "const word = '/apiary';",
      "function fakeApi() { return '/api/health'; }",
    ].join('\n');
    expect(apiPathLiterals('sample.ts', sample)).toEqual([
      { text: '/api/meals', line: 2, declaration: 'list' },
      { text: '/api/meals/', line: 3, declaration: 'one' },
      { text: '/api/health', line: 6, declaration: 'fakeApi' },
    ]);
  });

  it('lists exceptions only in the directories it checks', () => {
    expect(Object.keys(NOT_ROUTES).filter((file) => !DIRECTORIES.some((directory) => file.startsWith(`${directory}/`)))).toEqual([]);
  });
});
