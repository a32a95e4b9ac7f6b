import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the SPAs' builds (apps/web, apps/admin) compile libs/contracts from source: the contracts declare, for the
 * gateway and the services too, more than a browser needs, and these transforms leave the rest out of the bundles.
 * `contracts` is the path of libs/contracts/src.
 */
export const contractPlugins = (contracts: string): Plugin[] => [clientRoutes(contracts), constantNamespaces(contracts), pureContracts(contracts)];

/**
 * Contracts only declare things, so a top-level constant they build with a call (a zod schema) is marked pure: Rollup
 * then drops it, and zod with it, from every chunk that does not use it (in the web, only the new-food form validates).
 */
function pureContracts(contracts: string): Plugin {
  return {
    name: 'fodmap-pure-contracts',
    transform(code, id) {
      if (!id.startsWith(contracts)) return null;
      const calls: number[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) if (init?.type === 'CallExpression') calls.push(offsets(init).start);
      }
      // From the end backwards, so each insertion leaves the earlier offsets valid.
      return calls.reduceRight((text, at) => `${text.slice(0, at)}/*#__PURE__*/ ${text.slice(at)}`, code);
    },
  };
}

/** What the typed client (libs/web-client/src/client.ts) reads of a route at run time. */
const CLIENT_ROUTE_FIELDS = new Set(['method', 'path', 'upload']);

/** Where a node of Rollup's syntax tree starts and ends in the code (its parser gives every node both). */
function offsets(node: object): { start: number; end: number } {
  if ('start' in node && 'end' in node && typeof node.start === 'number' && typeof node.end === 'number') return { start: node.start, end: node.end };
  throw new Error('fodmap-client-routes: a syntax node without offsets');
}

/**
 * The HTTP contract's route files (libs/contracts/src/http/*.routes.ts) declare each route with its zod schemas, its
 * examples and its documentation, for the gateway and the API document; the SPAs' client reads only a route's method,
 * path and upload field. In `export const xRoutes = routes({ name: route({...}) })`, here:
 * - each route keeps only those fields, so that a screen calling a route does not download zod and its schemas;
 * - `routes(` and `route(` go, leaving the object literals: both only return their argument, to keep its literal
 *   types (route.ts); a plain literal lets Rollup leave out the routes of an area that no chunk calls (an area used by
 *   several chunks is kept whole, but small).
 * The dashboard's first download (bench:web-size): 179.7 KB gzip before the typed client, 203.2 with whole routes,
 * 180.8 with the fields cut, 180.7 with the calls gone too.
 */
function clientRoutes(contracts: string): Plugin {
  const http = resolve(contracts, 'http');
  return {
    name: 'fodmap-client-routes',
    transform(code, id) {
      if (!id.startsWith(http) || !id.endsWith('.routes.ts')) return null;
      const cuts: { start: number; end: number }[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (init?.type !== 'CallExpression' || init.callee.type !== 'Identifier' || init.callee.name !== 'routes') continue;
          const [area] = init.arguments;
          if (area?.type !== 'ObjectExpression') continue;
          cuts.push(offsets(init.callee));
          for (const entry of area.properties) {
            if (entry.type !== 'Property' || entry.value.type !== 'CallExpression' || entry.value.callee.type !== 'Identifier' || entry.value.callee.name !== 'route') continue;
            const [definition] = entry.value.arguments;
            if (definition?.type !== 'ObjectExpression') continue;
            cuts.push(offsets(entry.value.callee));
            definition.properties.forEach((property, index, all) => {
              if (property.type === 'Property' && property.key.type === 'Identifier' && CLIENT_ROUTE_FIELDS.has(property.key.name)) return;
              // Up to the next field, so that its comma goes with it; a last field leaves a trailing comma, which is valid.
              const next = all[index + 1];
              cuts.push({ start: offsets(property).start, end: next ? offsets(next).start : offsets(property).end });
            });
          }
        }
      }
      // From the end backwards, so that each cut leaves the earlier offsets valid.
      return cuts.sort((a, b) => b.start - a.start).reduce((text, { start, end }) => text.slice(0, start) + text.slice(end), code);
    },
  };
}

/**
 * An object of constants used across chunks ships whole: Rollup leaves out an unused property only when the object
 * stays in one chunk. `Messages` (every shared string, server ones included) and the contract's route areas are such
 * objects, read only as `Messages.x` and `mealRoutes.x`. In the SPAs' builds each becomes a module namespace of one
 * export per property (`export * as Messages from …`), each export a module of its own, so a chunk carries only the
 * strings and routes it uses (Rollup puts a module in one chunk with every export some chunk uses: one module of all
 * the strings, needed by the entry, had brought every screen's strings into it).
 * Only for objects whose values need nothing of their module: the strings and functions of messages.ts, and the
 * routes as clientRoutes leaves them (method, path and upload). Reading such an object whole (`Object.values`) would
 * build the namespace object into the chunk: list the routes instead. The dashboard's first download: 180.7 -> 179.9 KB
 * with one module per object, (issue 20) 180.7 -> 179.1 KB with one per property.
 */
function constantNamespaces(contracts: string): Plugin {
  const targets = (id: string) => id === resolve(contracts, 'messages.ts') || (id.startsWith(resolve(contracts, 'http')) && id.endsWith('.routes.ts'));
  const prefix = '\0contract-constants:';
  const modules = new Map<string, string>();
  const identifier = /^[A-Za-z_$][\w$]*$/;
  return {
    name: 'fodmap-constant-namespaces',
    resolveId: (source) => (source.startsWith(prefix) ? source : null),
    load: (id) => modules.get(id) ?? null,
    transform(code, id) {
      if (!targets(id)) return null;
      const bindable = (name: string) => {
        try {
          this.parse(`let ${name};`);
          return true;
        } catch {
          return false;
        }
      };
      const replaced: { start: number; end: number; text: string }[] = [];
      for (const statement of this.parse(code).body) {
        if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
        const [declarator, ...others] = statement.declaration.declarations;
        if (others.length || declarator.id.type !== 'Identifier' || declarator.init?.type !== 'ObjectExpression') continue;
        const exports: string[] = [];
        for (const property of declarator.init.properties) {
          if (property.type !== 'Property' || property.computed || property.shorthand || property.kind !== 'init' || property.key.type !== 'Identifier' || !identifier.test(property.key.name))
            throw new Error(`fodmap-constant-namespaces: ${declarator.id.name} in ${id} has a property that cannot be an export`);
          const { start, end } = offsets(property.value);
          const { name } = property.key;
          // No '#' or '?': the dev server serves the module at a URL made of its id.
          const own = `${prefix}${declarator.id.name}.${name}:${id}`;
          // A property that is a reserved word (accountRoutes.export) cannot be a binding: it is exported under its name from a local one.
          modules.set(own, bindable(name) ? `export const ${name} = ${code.slice(start, end)};` : `const ${name}$ = ${code.slice(start, end)};\nexport { ${name}$ as ${name} };`);
          exports.push(`export { ${name} } from ${JSON.stringify(own)};`);
        }
        const module = `${prefix}${declarator.id.name}:${id}`;
        modules.set(module, exports.join('\n'));
        replaced.push({ ...offsets(statement), text: `export * as ${declarator.id.name} from ${JSON.stringify(module)};` });
      }
      return replaced.sort((a, b) => b.start - a.start).reduce((text, { start, end, text: by }) => text.slice(0, start) + by + text.slice(end), code);
    },
  };
}
