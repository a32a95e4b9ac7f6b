import { collectProcessMetrics, metricsRegistry } from '@fodmap/server';
import { describe, expect, it } from '@jest/globals';
import type { IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IService } from 'kubernetes-models/v1/Service';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The manifests as an operator applies them: every overlay built by `kubectl kustomize` and validated against the
 * Kubernetes and CRD schemas (validate.mjs, run as its own process: the model packages are ES modules only), then the
 * rules every process's pod must keep. A new process in tools/start.mjs fails here until it has a Deployment that
 * keeps them. kubectl must be installed (CI has it); without it this fails with kubectl's error.
 */
const ROOT = join(__dirname, '..');

/** What the test reads of a CloudNativePG Cluster (its schema is checked by validate.mjs). */
interface PostgresCluster {
  apiVersion: 'postgresql.cnpg.io/v1';
  kind: 'Cluster';
  metadata: { name: string };
  spec: { instances: number };
}
/** The objects by kind, typed by the models validate.mjs checks them with. */
interface Kinds {
  ConfigMap: IConfigMap;
  Deployment: IDeployment;
  StatefulSet: IStatefulSet;
  Job: IJob;
  Service: IService;
  Ingress: IIngress;
  NetworkPolicy: INetworkPolicy;
  HorizontalPodAutoscaler: IHorizontalPodAutoscaler;
  PodDisruptionBudget: IPodDisruptionBudget;
  ServiceMonitor: IServiceMonitor;
  PrometheusRule: IPrometheusRule;
  Cluster: PostgresCluster;
}
type K8sObject = { kind: string; metadata: { name: string; labels?: Record<string, string> } };
interface Overlay {
  name: string;
  objects: K8sObject[];
  problems: string[];
  /** The metric names the alerts' and dashboards' queries select, and where ('*': none named exactly). */
  metrics: Array<{ where: string; name: string }>;
}

function validate(args: string[], input?: string): Overlay[] {
  try {
    return JSON.parse(execFileSync(process.execPath, [join(ROOT, 'k8s/validate.mjs'), ...args], { encoding: 'utf8', input, maxBuffer: 64 << 20 })).overlays;
  } catch (error) {
    // Exit 1 with problems found still prints the result; anything else (kubectl missing, a build error) is thrown.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return JSON.parse(stdout).overlays;
    throw error;
  }
}

/** The processes tools/start.mjs runs: the list a Deployment must exist for. */
function startedProcesses(): string[] {
  const script = readFileSync(join(ROOT, 'tools/start.mjs'), 'utf8');
  const mapped = script.match(/\[((?:'[a-z-]+',?\s*)+)\]\.map\(\(name\) => \[name, `apps\/\$\{name\}\/dist\/main\.js`\]\)/);
  const single = [...script.matchAll(/\['([a-z-]+)', 'apps\/\1\/dist\/main\.js'\]/g)].map((match) => match[1]);
  return [...(mapped ? [...mapped[1].matchAll(/'([a-z-]+)'/g)].map((match) => match[1]) : []), ...single].sort();
}

/** The first column of the README's configuration table. */
function configurationVariables(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.split('\n## Configuration')[1].split('\n## ')[0];
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const cell = line.match(/^\| ([^|]+) \|/)?.[1] ?? '';
    for (const match of cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]);
  }
  return [...names];
}

/** Secrets, and URLs that carry credentials: never in the ConfigMap, always from a Secret. */
const SECRET_VARIABLES = [
  'SESSION_SECRET',
  'LINK_SECRET',
  'CALLER_SECRET',
  'NATS_URL',
  'REDIS_URL',
  'DATABASE_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_PRICE_ID',
  'STRIPE_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
];
const REQUEST_SERVING = ['gateway', 'identity', 'journal', 'foods', 'insights'];
const PART_OF = 'app.kubernetes.io/part-of';

const overlays = validate([]);
const processes = startedProcesses();

function all<Kind extends keyof Kinds>(overlay: Overlay, kind: Kind): Array<Kinds[Kind] & { metadata: { name: string } }> {
  return overlay.objects.filter((object) => object.kind === kind) as unknown as Array<Kinds[Kind] & { metadata: { name: string } }>;
}
function named<Kind extends keyof Kinds>(overlay: Overlay, kind: Kind, name: string): Kinds[Kind] & { metadata: { name: string } } {
  const found = all(overlay, kind).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`${overlay.name} has no ${kind} ${name}`);
  return found;
}
const ours = (overlay: Overlay) => all(overlay, 'Deployment').filter((deployment) => deployment.metadata.labels?.[PART_OF] === 'fodmap-journal');
/** The generated ConfigMap (its name carries kustomize's hash). */
function configData(overlay: Overlay): Record<string, string> {
  const config = all(overlay, 'ConfigMap').find((map) => map.metadata.name.startsWith('fodmap-config'));
  if (!config?.data) throw new Error(`${overlay.name} has no fodmap-config`);
  return config.data;
}
function podOf(workload: IDeployment | IStatefulSet | IJob): IPodSpec {
  const pod = workload.spec?.template.spec;
  if (!pod) throw new Error(`${workload.metadata?.name} has no pod template`);
  return pod;
}

/** Series Prometheus itself writes for every target it scrapes. */
const SCRAPE_SERIES = ['up', 'scrape_duration_seconds', 'scrape_samples_scraped', 'scrape_samples_post_metric_relabeling', 'scrape_series_added'];

/**
 * Every series name a process of ours exports: the one registry (libs/server/src/observability/metrics.ts, with
 * prom-client's process metrics) as /metrics writes it, a histogram as its _bucket, _sum and _count, a summary as itself,
 * _sum and _count (prom-client's counters are named with their _total).
 */
async function exportedSeries(): Promise<Set<string>> {
  collectProcessMetrics();
  const suffixes: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };
  const metrics = await metricsRegistry.getMetricsAsJSON();
  return new Set(metrics.flatMap(({ name, type }) => (suffixes[String(type)] ?? ['']).map((suffix) => `${name}${suffix}`)));
}

describe('the validator', () => {
  it('refuses objects that break their schema, unknown fields of a CRD, kinds it has no schema for and PromQL that does not parse', () => {
    const [result] = validate(
      ['--stdin'],
      [
        'apiVersion: postgresql.cnpg.io/v1\nkind: Cluster\nmetadata: { name: db }\nspec: { instancez: 3 }',
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\nspec: { selector: {}, template: { spec: { containers: [{ name: app, image: x }], terminationGracePeriodSeconds: soon } } }',
        'apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata: { name: scrape }\nspec: { endpoints: [{ port: 9464 }] }',
        'apiVersion: example.com/v1\nkind: Thing\nmetadata: { name: thing }',
        'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: { name: alerts }\nspec: { groups: [{ name: g, rules: [{ alert: Lag, expr: "max by (projection (lag) > 1" }] }] }',
        `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: dashboard, labels: { grafana_dashboard: "1" } }\ndata:\n  d.json: '${JSON.stringify({ panels: [{ title: 'Lag', targets: [{ expr: 'rate(x[5m]' }] }] })}'`,
      ].join('\n---\n'),
    );
    expect(result.problems).toEqual([
      'Cluster db: .spec: instances is required',
      'Cluster db: .spec: unknown field instancez',
      'Deployment web: data/spec/template/spec/terminationGracePeriodSeconds must be integer',
      'ServiceMonitor scrape: data/spec must have required property selector, data/spec/endpoints/0/port must be string',
      'Thing thing: no schema for example.com/v1 Thing',
      'PrometheusRule alerts: Lag: PromQL does not parse at 19',
      "ConfigMap dashboard: panel 'Lag': PromQL does not parse at 10",
    ]);
  });
});

describe('the metric names the validator reads', () => {
  it('are each selector\'s name, an exact __name__, and a dashboard variable\'s label_values metric; a regular expression names none', () => {
    const [result] = validate(
      ['--stdin'],
      [
        'apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule\nmetadata: { name: alerts }\nspec: { groups: [{ name: g, rules: [{ alert: Slow, expr: \'histogram_quantile(0.9, sum by (le) (rate(a_bucket{x="y"}[5m]))) > on() group_left b offset 5m + time() - {__name__="c"} + {__name__=~"d.*"}\' }] }] }',
        `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: dashboard, labels: { grafana_dashboard: "1" } }\ndata:\n  d.json: '${JSON.stringify({
          templating: { list: [{ name: 'namespace', type: 'query', query: { query: 'label_values(e_info, namespace)' } }, { name: 'datasource', type: 'datasource', query: 'prometheus' }] },
          panels: [{ title: 'Lag', targets: [{ expr: 'max(f)' }] }],
        })}'`,
      ].join('\n---\n'),
    );
    expect(result.metrics).toEqual([
      { where: 'Slow', name: 'a_bucket' },
      { where: 'Slow', name: 'b' },
      { where: 'Slow', name: 'c' },
      { where: 'Slow', name: '*' },
      { where: "panel 'Lag'", name: 'f' },
      { where: "variable 'namespace'", name: 'e_info' },
    ]);
  });
});

describe.each(overlays.map((overlay) => [overlay.name, overlay] as const))('overlay %s', (_name, overlay) => {
  it('builds, and every object validates against its schema', () => {
    expect(overlay.objects.length).toBeGreaterThan(20);
    expect(overlay.problems).toEqual([]);
  });

  it('has a Deployment for every process tools/start.mjs runs, from the one image with its command', () => {
    expect(processes).toHaveLength(6);
    expect(ours(overlay).map((deployment) => deployment.metadata.name).sort()).toEqual(processes);
    for (const name of processes) {
      const [container] = podOf(named(overlay, 'Deployment', name)).containers;
      expect(container.command).toEqual(['node', `apps/${name}/dist/main.js`]);
      expect(container.image).toMatch(/(^|\/)fodmap-journal(:[\w.-]+)?$/);
    }
  });

  it('gives every pod of ours probes on the metrics port, requests and limits, and a locked-down security context', () => {
    const grace = Number(configData(overlay).SHUTDOWN_GRACE_MS) / 1000;
    for (const deployment of ours(overlay)) {
      const pod = podOf(deployment);
      const where = `${overlay.name}/${deployment.metadata.name}`;
      expect({ where, containers: pod.containers.length }).toEqual({ where, containers: 1 });
      const [container] = pod.containers;
      expect({ where, port: container.ports?.find((port) => port.name === 'metrics') }).toEqual({
        where,
        port: { name: 'metrics', containerPort: 9464, protocol: 'TCP' },
      });
      expect({ where, startup: container.startupProbe?.httpGet, ready: container.readinessProbe?.httpGet, live: container.livenessProbe?.httpGet }).toEqual({
        where,
        startup: { path: '/health/ready', port: 'metrics' },
        ready: { path: '/health/ready', port: 'metrics' },
        live: { path: '/health/live', port: 'metrics' },
      });
      expect({ where, podSecurity: pod.securityContext }).toMatchObject({ where, podSecurity: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } } });
      expect({ where, security: container.securityContext }).toMatchObject({
        where,
        security: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
      });
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      expect({ where, tmp: pod.volumes?.find((volume) => volume.name === tmp?.name)?.emptyDir }).toEqual({ where, tmp: expect.any(Object) });
      // preStop, then the process's own grace, then a second to exit: all before the kill.
      const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? Infinity;
      expect({ where, fits: preStop + grace + 1 <= (pod.terminationGracePeriodSeconds ?? 30) }).toEqual({ where, fits: true });
      expect({ where, mountsToken: pod.automountServiceAccountToken }).toEqual({ where, mountsToken: false });
    }
  });

  it('gives every workload (dependencies and jobs too) requests and limits, a non-root user and no privilege escalation', () => {
    for (const workload of [...all(overlay, 'Deployment'), ...all(overlay, 'StatefulSet'), ...all(overlay, 'Job')]) {
      const pod = podOf(workload);
      for (const container of pod.containers) {
        const where = `${overlay.name}/${workload.kind}/${workload.metadata.name}/${container.name}`;
        const { requests, limits } = container.resources ?? {};
        expect({ where, requests: Object.keys(requests ?? {}).sort(), limits: Object.keys(limits ?? {}).sort() }).toEqual({
          where,
          requests: ['cpu', 'memory'],
          limits: ['cpu', 'memory'],
        });
        expect({ where, memory: bytes(requests?.memory) <= bytes(limits?.memory), cpu: millicores(requests?.cpu) <= millicores(limits?.cpu) }).toEqual({ where, memory: true, cpu: true });
        expect({ where, nonRoot: pod.securityContext?.runAsNonRoot, escalation: container.securityContext?.allowPrivilegeEscalation, drop: container.securityContext?.capabilities?.drop }).toEqual({
          where,
          nonRoot: true,
          escalation: false,
          drop: ['ALL'],
        });
      }
    }
  });

  it('takes every secret from a Secret, each process only its own NATS user, and every configuration variable from the ConfigMap or a Secret', () => {
    const data = configData(overlay);
    expect(Object.keys(data).filter((name) => SECRET_VARIABLES.includes(name))).toEqual([]);
    const given = new Set(Object.keys(data));
    for (const deployment of ours(overlay)) {
      const env = podOf(deployment).containers[0].env ?? [];
      const fromSecret = new Set(env.filter((variable) => variable.valueFrom?.secretKeyRef).map((variable) => variable.name));
      for (const variable of env) {
        given.add(variable.name);
        if (!SECRET_VARIABLES.includes(variable.name) || variable.valueFrom?.secretKeyRef) continue;
        // A URL made of a Secret's values (NATS_URL with the process's password) holds no secret itself.
        const references = [...(variable.value ?? '').matchAll(/\$\(([A-Z_]+)\)/g)].map((match) => match[1]);
        expect({ deployment: deployment.metadata.name, variable: variable.name, fromSecret: references.length > 0 && references.every((name) => fromSecret.has(name)) }).toEqual({
          deployment: deployment.metadata.name,
          variable: variable.name,
          fromSecret: true,
        });
      }
      const nats = env.find((variable) => variable.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
      expect({ deployment: deployment.metadata.name, natsUser: nats?.key, url: env.find((variable) => variable.name === 'NATS_URL')?.value }).toEqual({
        deployment: deployment.metadata.name,
        natsUser: deployment.metadata.name,
        url: `nats://${deployment.metadata.name}:$(NATS_PASSWORD)@nats:4222`,
      });
    }
    expect(configurationVariables().filter((name) => !given.has(name))).toEqual([]);
    expect(configurationVariables().length).toBeGreaterThan(30);
  });

  it('exposes the gateway alone through the Ingress, with TLS, and each service only on its ops port', () => {
    const ingresses = all(overlay, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const [{ spec }] = ingresses;
    expect(spec?.tls?.[0].hosts).toEqual([spec?.rules?.[0].host]);
    expect(spec?.rules?.flatMap((rule) => rule.http?.paths.map((path) => path.backend.service))).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    for (const name of processes) {
      const ports = named(overlay, 'Service', name).spec?.ports?.map((port) => `${port.name}:${port.port}`);
      expect({ name, ports }).toEqual({ name, ports: name === 'gateway' ? ['http:3000', 'metrics:9464'] : ['metrics:9464'] });
    }
  });

  it('gives NATS a configuration nats-server accepts, with every user of auth.conf and its password from fodmap-nats', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nats-config-'));
    try {
      const files = { config: 'nats.conf', auth: 'auth.conf' };
      for (const [folder, file] of Object.entries(files)) {
        const map = all(overlay, 'ConfigMap').find((config) => config.metadata.name.startsWith(`nats-${folder}`));
        mkdirSync(join(dir, folder));
        writeFileSync(join(dir, folder, file), map?.data?.[file] ?? '');
      }
      // The server's environment as Kubernetes gives it: the pod's name, each Secret key a password such as
      // `openssl rand -hex 32` may give (a bare 1e9… is a number to nats-server, so it must reach it quoted), and
      // $(…) expanded from the variables before.
      const env = podOf(named(overlay, 'StatefulSet', 'nats')).containers[0].env ?? [];
      const environment: Record<string, string> = {};
      for (const variable of env) {
        const secret = variable.valueFrom?.secretKeyRef;
        if (secret) expect({ variable: variable.name, fromNatsSecret: secret.name?.startsWith('fodmap-nats') }).toEqual({ variable: variable.name, fromNatsSecret: true });
        environment[variable.name] = secret
          ? `1e9${secret.key}`
          : variable.valueFrom?.fieldRef?.fieldPath === 'metadata.name'
            ? 'nats-0'
            : (variable.value ?? '').replace(/\$\(([A-Z_]+)\)/g, (reference, name: string) => environment[name] ?? reference);
      }
      const keys = env.map((variable) => variable.valueFrom?.secretKeyRef?.key).filter(Boolean);
      expect(keys.sort()).toEqual(['foods', 'gateway', 'identity', 'insights', 'journal', 'notifications', 'ops']);
      const check = spawnSync('nats-server', ['-t', '-c', join(dir, 'config', files.config)], { encoding: 'utf8', env: { PATH: process.env.PATH, ...environment } });
      // It answers on standard error, valid or not.
      expect({ status: check.status, answer: check.stderr.trim() }).toEqual({ status: 0, answer: expect.stringMatching(/is valid$/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('denies all traffic to and from the pods but what the policies allow', () => {
    const policies = all(overlay, 'NetworkPolicy');
    expect(named(overlay, 'NetworkPolicy', 'fodmap-default-deny').spec).toEqual({ podSelector: { matchLabels: { [PART_OF]: 'fodmap-journal' } }, policyTypes: ['Ingress', 'Egress'] });
    const ingressPorts = policies.flatMap((policy) =>
      (policy.spec?.ingress ?? []).map((rule) => {
        const selected = policy.spec?.podSelector?.matchLabels ?? {};
        return { to: selected[PART_OF] ?? selected['app.kubernetes.io/name'], ports: rule.ports?.map((port) => port.port) };
      }),
    );
    expect(ingressPorts.filter((rule) => processes.includes(rule.to) || rule.to === 'fodmap-journal')).toEqual([
      { to: 'gateway', ports: ['http'] },
      { to: 'fodmap-journal', ports: ['metrics'] },
    ]);
  });
});

describe('overlay production', () => {
  const production = overlays.find((overlay) => overlay.name === 'production') ?? { name: 'production (missing)', objects: [], problems: [], metrics: [] };

  it('autoscales the request-serving processes and keeps every process through voluntary disruptions', () => {
    const hpas = all(production, 'HorizontalPodAutoscaler');
    expect(hpas.map((hpa) => hpa.spec?.scaleTargetRef.name).sort()).toEqual([...REQUEST_SERVING].sort());
    for (const hpa of hpas) expect({ name: hpa.metadata.name, min: (hpa.spec?.minReplicas ?? 1) >= 2 }).toEqual({ name: hpa.metadata.name, min: true });
    const budgets = all(production, 'PodDisruptionBudget').map((pdb) => pdb.spec?.selector?.matchLabels?.['app.kubernetes.io/name']);
    expect(budgets).toEqual(expect.arrayContaining(processes));
  });

  it('runs NATS as a 3-node JetStream cluster and PostgreSQL as a 3-instance CloudNativePG cluster the services read their URL from', () => {
    expect(named(production, 'StatefulSet', 'nats').spec?.replicas).toBe(3);
    expect(named(production, 'Cluster', 'fodmap-db').spec.instances).toBe(3);
    const journal = podOf(named(production, 'Deployment', 'journal')).containers[0].env ?? [];
    expect(journal.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'fodmap-db-app', key: 'uri' });
  });

  it('scrapes every process, alerts on what the on-call engineer must act on, and ships the Grafana dashboard', () => {
    const monitor = named(production, 'ServiceMonitor', 'fodmap-journal');
    expect(monitor.spec.selector.matchLabels).toEqual({ [PART_OF]: 'fodmap-journal' });
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    for (const name of processes) expect({ name, labels: named(production, 'Service', name).metadata.labels }).toMatchObject({ name, labels: { [PART_OF]: 'fodmap-journal' } });
    const alerts = named(production, 'PrometheusRule', 'fodmap-journal').spec.groups?.flatMap((group) => group.rules?.map((rule) => rule.alert));
    expect(alerts).toEqual(
      expect.arrayContaining(['FodmapConsumerLag', 'FodmapDeadLetters', 'FodmapHttp5xxRate', 'FodmapRelayBehind', 'FodmapDailySummaryNotRunning', 'FodmapDailySummariesOverdue']),
    );
    const dashboard = named(production, 'ConfigMap', 'fodmap-grafana-dashboard');
    expect(dashboard.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(JSON.parse(dashboard.data?.['grafana-dashboard.json'] ?? '{}').panels?.length).toBeGreaterThan(10);
  });

  it('alerts on and charts only series the processes export (or Prometheus writes for each scrape)', async () => {
    const exported = await exportedSeries();
    expect(exported).toContain('fodmap_http_request_duration_seconds_bucket');
    expect(production.metrics.length).toBeGreaterThan(20);
    expect(production.metrics.filter(({ name }) => !exported.has(name) && !SCRAPE_SERIES.includes(name))).toEqual([]);
  });
});

/** A Kubernetes memory quantity in bytes (the suffixes used here). */
function bytes(quantity: string | number | undefined): number {
  const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(String(quantity));
  if (!match) throw new Error(`Unexpected memory quantity ${quantity}`);
  const unit: Record<string, number> = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
  return Number(match[1]) * (match[2] ? unit[match[2]] : 1);
}

/** A Kubernetes CPU quantity in millicores. */
function millicores(quantity: string | number | undefined): number {
  if (quantity === undefined) return NaN;
  const text = String(quantity);
  return text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000;
}
