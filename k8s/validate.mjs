// Validates the manifests without a cluster: builds each overlay with `kubectl kustomize` and checks every object
// against the Kubernetes OpenAPI schema (kubernetes-models, Kubernetes 1.34), the Prometheus operator's CRDs
// (@kubernetes-models/prometheus-operator) and CloudNativePG's (schemas/cloudnative-pg, vendored), and parses the
// PromQL of the alerts and of the Grafana dashboard with Prometheus' own grammar (@prometheus-io/lezer-promql). Prints JSON:
// { overlays: [{ name, objects, problems, metrics }] } (metrics: the names the queries select, which the manifests test
// compares with those the processes register), and exits 1 when a problem was found.
//   node k8s/validate.mjs                 every overlay
//   node k8s/validate.mjs dev             one overlay
//   node k8s/validate.mjs --stdin         objects given as YAML on standard input (the manifests test uses it)
// ESM on purpose: the model packages are ES modules only, which Jest's CommonJS runtime cannot load; the manifests
// test (manifests.spec.ts) runs this script and asserts on its output.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser as promql } from '@prometheus-io/lezer-promql';
import { parseAllDocuments } from 'yaml';

const K8S = dirname(fileURLToPath(import.meta.url));

/** Where the schema of each API group lives; a kind in no group listed here is a problem, not a pass. */
const MODEL_PACKAGES = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};
const VENDORED = Object.fromEntries(
  readdirSync(join(K8S, 'schemas/cloudnative-pg'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(K8S, 'schemas/cloudnative-pg', file), 'utf8')))
    .map((crd) => [`${crd.group}/${crd.version}/${crd.kind}`, crd.schema]),
);

export async function validateObject(object) {
  const apiVersion = object?.apiVersion;
  const kind = object?.kind;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['no apiVersion or kind'];
  const vendored = VENDORED[`${apiVersion}/${kind}`];
  if (vendored) return structuralProblems(vendored, object, '');
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const module = MODEL_PACKAGES[group] ? `${MODEL_PACKAGES[group]}/${group}/${version}` : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  let Model;
  try {
    Model = (await import(module))[kind];
  } catch {
    Model = undefined;
  }
  if (!Model) return [`no schema for ${apiVersion} ${kind}`];
  try {
    new Model(unwrapSecretData(object)).validate();
    return [];
  } catch (error) {
    return [error.message];
  }
}

/**
 * kubectl kustomize wraps a long base64 value of a Secret over lines; the API server's decoder (Go's base64) skips the
 * newlines, the schema's byte format does not.
 */
function unwrapSecretData(object) {
  if (object.apiVersion !== 'v1' || object.kind !== 'Secret' || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, String(value).replace(/\s/g, '')])) };
}

/**
 * A CRD's structural schema (what the API server checks a custom resource against): types, required fields, enums,
 * patterns, bounds, and unknown fields refused (as `kubectl apply`'s strict field validation does) unless the schema
 * preserves them. The CEL rules (x-kubernetes-validations) need the API server and are not checked here.
 */
export function structuralProblems(schema, value, path) {
  const at = path || '.';
  if (value === null && schema.nullable) return [];
  if (schema['x-kubernetes-int-or-string']) {
    if (typeof value === 'number' ? !Number.isInteger(value) : typeof value !== 'string') return [`${at}: must be an integer or a string`];
    if (typeof value === 'string' && schema.pattern && !new RegExp(schema.pattern).test(value)) return [`${at}: '${value}' does not match ${schema.pattern}`];
    return [];
  }
  const problems = [];
  const type = schema.type;
  const typeOk = {
    object: () => value !== null && typeof value === 'object' && !Array.isArray(value),
    array: () => Array.isArray(value),
    string: () => typeof value === 'string',
    integer: () => Number.isInteger(value),
    number: () => typeof value === 'number',
    boolean: () => typeof value === 'boolean',
  }[type];
  if (typeOk && !typeOk()) return [`${at}: must be ${type === 'integer' || type === 'object' || type === 'array' ? 'an' : 'a'} ${type}`];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: must be one of ${schema.enum.join(', ')}`);
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: '${value}' does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, index) => problems.push(...structuralProblems(schema.items, item, `${path}[${index}]`)));
  }
  if (typeOk && type === 'object') {
    for (const field of schema.required ?? []) if (!(field in value)) problems.push(`${at}: ${field} is required`);
    for (const [field, fieldValue] of Object.entries(value)) {
      if (path === '' && field === 'metadata') continue;
      const fieldSchema = schema.properties?.[field] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (fieldSchema) problems.push(...structuralProblems(fieldSchema, fieldValue, `${path}.${field}`));
      // The root's metadata is an ObjectMeta, which the API server checks for every kind alike.
      else if (!schema['x-kubernetes-preserve-unknown-fields'] && !(path === '' && (field === 'apiVersion' || field === 'kind'))) {
        problems.push(`${at}: unknown field ${field}`);
      }
    }
  }
  for (const option of schema.allOf ?? []) problems.push(...structuralProblems({ ...option, type: option.type ?? type }, value, path));
  return problems;
}

/** The PromQL an object carries: an alert's expression, a dashboard panel's queries. */
export function queriesOf(object) {
  if (object?.kind === 'PrometheusRule') {
    return (object.spec?.groups ?? []).flatMap((group) => (group.rules ?? []).map((rule) => ({ where: rule.alert ?? rule.record, expr: rule.expr })));
  }
  if (object?.kind === 'ConfigMap' && object.metadata?.labels?.grafana_dashboard) {
    return Object.values(object.data ?? {}).flatMap((json) =>
      (JSON.parse(json).panels ?? []).flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: `panel '${panel.title}'`, expr: target.expr }))),
    );
  }
  return [];
}

/**
 * The metric names an object's queries select, as `{ where, name }`: each vector selector's name (or its exact
 * `__name__`), and the metric of a dashboard variable's `label_values(metric, label)` (Grafana's, not PromQL). A selector
 * that names no metric exactly (`{__name__=~"…"}`) is reported as `*`, for the test to refuse.
 */
export function metricsOf(object) {
  const found = queriesOf(object).flatMap(({ where, expr }) => selectedMetrics(String(expr ?? '')).map((name) => ({ where, name })));
  if (object?.kind === 'ConfigMap' && object.metadata?.labels?.grafana_dashboard) {
    for (const json of Object.values(object.data ?? {})) {
      for (const variable of JSON.parse(json).templating?.list ?? []) {
        const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
        const metric = /^label_values\(\s*([a-zA-Z_:][\w:]*)/.exec(query ?? '')?.[1];
        if (variable.type === 'query') found.push({ where: `variable '${variable.name}'`, name: metric ?? '*' });
      }
    }
  }
  return found;
}

function selectedMetrics(expr) {
  const names = [];
  const tree = promql.parse(expr);
  tree.iterate({
    enter: (node) => {
      if (node.type.name !== 'VectorSelector') return;
      const selector = node.node;
      const identifier = selector.getChild('Identifier');
      if (identifier) {
        names.push(expr.slice(identifier.from, identifier.to));
        return;
      }
      const exact = selector
        .getChild('LabelMatchers')
        ?.getChildren('UnquotedLabelMatcher')
        .find((matcher) => expr.slice(matcher.getChild('LabelName')?.from, matcher.getChild('LabelName')?.to) === '__name__' && matcher.getChild('MatchOp')?.getChild('EqlSingle'));
      const value = exact?.getChild('StringLiteral');
      // The quotes off: '…', "…" or `…`; a metric name holds no escapes.
      names.push(value ? expr.slice(value.from + 1, value.to - 1) : '*');
    },
  });
  return names;
}

/** Where Prometheus' grammar finds no valid query, as `where: position`. */
export function promqlProblems(queries) {
  const problems = [];
  for (const { where, expr } of queries) {
    const errors = [];
    promql.parse(String(expr ?? '')).iterate({ enter: (node) => void (node.type.isError && errors.push(node.from)) });
    if (errors.length > 0 || !expr) problems.push(`${where}: PromQL does not parse at ${errors.join(', ') || 'the start'}`);
  }
  return problems;
}

export async function validateObjects(objects) {
  const problems = [];
  for (const object of objects) {
    const found = [...(await validateObject(object)), ...promqlProblems(queriesOf(object))];
    for (const problem of found) problems.push(`${object?.kind ?? '?'} ${object?.metadata?.name ?? '?'}: ${problem}`);
  }
  return problems;
}

function parseObjects(text) {
  return parseAllDocuments(text)
    .map((document) => document.toJS())
    .filter((object) => object !== null);
}

/** `kubectl kustomize` of one overlay; a build error stops the run with kubectl's message. */
export function buildOverlay(name) {
  return parseObjects(execFileSync('kubectl', ['kustomize', join(K8S, 'overlays', name)], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

export function overlayNames() {
  return readdirSync(join(K8S, 'overlays'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const runs = args[0] === '--stdin' ? [{ name: 'stdin', objects: parseObjects(readFileSync(0, 'utf8')) }] : (args.length > 0 ? args : overlayNames()).map((name) => ({ name, objects: buildOverlay(name) }));
  const overlays = [];
  for (const run of runs) overlays.push({ ...run, problems: await validateObjects(run.objects), metrics: run.objects.flatMap(metricsOf) });
  process.stdout.write(JSON.stringify({ overlays }));
  process.exitCode = overlays.some((overlay) => overlay.problems.length > 0) ? 1 : 0;
}
