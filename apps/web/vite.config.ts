import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The page must carry the default branding before any script runs; it comes from the one default in contracts.
function defaultBranding(): Plugin {
  return {
    name: 'fodmap-default-branding',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%BRAND_TITLE%', escapeHtml(DEFAULT_DOMAIN_CONFIG.displayName))
        .replaceAll('%BRAND_DESCRIPTION%', escapeHtml(DEFAULT_DOMAIN_CONFIG.description))
        .replaceAll('%BRAND_COLOR%', escapeHtml(DEFAULT_DOMAIN_CONFIG.primaryColor)),
  };
}

/**
 * Contracts only declare things, so a top-level constant they build with a call (a zod schema) is marked pure: Rollup
 * then drops it, and zod with it, from every chunk that does not use it (only the new-food form validates).
 */
function pureContracts(): Plugin {
  const contracts = resolve(__dirname, '../../libs/contracts/src');
  return {
    name: 'fodmap-pure-contracts',
    transform(code, id) {
      if (!id.startsWith(contracts)) return null;
      const calls: number[] = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) if (init?.type === 'CallExpression') calls.push((init as unknown as { start: number }).start);
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
 * examples and its documentation, for the gateway and the API document; the web's client reads only a route's method,
 * path and upload field. In `export const xRoutes = routes({ name: route({...}) })`, here:
 * - each route keeps only those fields, so that a screen calling a route does not download zod and its schemas;
 * - `routes(` and `route(` go, leaving the object literals: both only return their argument, to keep its literal
 *   types (route.ts); a plain literal lets Rollup leave out the routes of an area that no chunk calls (an area used by
 *   several chunks is kept whole, but small).
 * The dashboard's first download (bench:web-size): 179.7 KB gzip before the typed client, 203.2 with whole routes,
 * 180.8 with the fields cut, 180.7 with the calls gone too.
 */
function clientRoutes(): Plugin {
  const http = resolve(__dirname, '../../libs/contracts/src/http');
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
 * objects, read only as `Messages.x` and `mealRoutes.x`. In the web's build each becomes a module namespace of one
 * export per property (`export * as Messages from …`), so a chunk carries only the strings and routes it uses.
 * Only for objects whose values need nothing of their module: the strings and functions of messages.ts, and the
 * routes as clientRoutes leaves them (method, path and upload). Reading such an object whole (`Object.values`) would
 * build the namespace object into the chunk: list the routes instead. The dashboard's first download: 180.7 -> 179.9 KB.
 */
function constantNamespaces(): Plugin {
  const contracts = resolve(__dirname, '../../libs/contracts/src');
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
          exports.push(`export const ${property.key.name} = ${code.slice(start, end)};`);
        }
        // No '#' or '?': the dev server serves the module at a URL made of its id.
        const module = `${prefix}${declarator.id.name}:${id}`;
        modules.set(module, exports.join('\n'));
        replaced.push({ ...offsets(statement), text: `export * as ${declarator.id.name} from ${JSON.stringify(module)};` });
      }
      return replaced.sort((a, b) => b.start - a.start).reduce((text, { start, end, text: by }) => text.slice(0, start) + by + text.slice(end), code);
    },
  };
}

/**
 * MUI's createTheme and ThemeProvider import the CSS-variables theme machinery (createThemeWithVars, CssVarsProvider)
 * for a branch decided at run time, so Rollup keeps it although this app never takes it: its themes set neither
 * `cssVariables` nor `colorSchemes` (brand-theme.ts), and MUI's default theme takes the same branch. Those two imports
 * resolve to a stub that fails loudly if that ever changes: about 7 KB gzip off the entry chunk every screen loads.
 */
function muiWithoutCssVars(): Plugin {
  const stub = '\0mui-without-css-vars';
  return {
    name: 'fodmap-mui-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMuiStyles = importer && /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](createTheme|ThemeProvider)\.js$/.test(importer);
      return fromMuiStyles && /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/.test(source) ? stub : null;
    },
    load(id) {
      if (id !== stub) return null;
      return `const unavailable = () => { throw new Error('MUI CSS theme variables are left out of this build (apps/web/vite.config.ts)'); };
export default unavailable;
export const CssVarsProvider = unavailable;`;
    },
  };
}

// The contracts lib is compiled from source so the web never ships a stale build of it.
export default defineConfig({
  root: __dirname,
  // A .br and a .gz beside every file, at the highest levels, so the gateway never compresses per request.
  plugins: [react(), defaultBranding(), clientRoutes(), constantNamespaces(), pureContracts(), muiWithoutCssVars(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: {
      '@fodmap/contracts': resolve(__dirname, '../../libs/contracts/src/index.ts'),
      '@fodmap/web-client': resolve(__dirname, '../../libs/web-client/src/index.ts'),
      '@fodmap/web-ui': resolve(__dirname, '../../libs/web-ui/src/index.ts'),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: resolve(__dirname, 'dist'),
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // React and the router change far less often than the app, so a release leaves phones with this chunk cached.
        // Everything else (MUI included) is split by Rollup along the lazy screens, so a screen loads only what it uses.
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id) ? 'react' : undefined),
      },
    },
  },
});
