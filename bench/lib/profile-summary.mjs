// Where a V8 .cpuprofile spends its time, as printable lines: per package (node_modules/<name>, node:<module>, our apps and
// libs), self and inclusive, and the hottest functions. Percentages are of the samples in which the process was not idle.
import { readFileSync } from 'node:fs';

function category(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName || '(anonymous)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (module) return module;
  if (url.startsWith('node:')) return url;
  const ours = /\/(apps|libs)\/([^/]+)\//.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export function summarizeProfile(path, top = 12) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  const functions = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const leaf = byId.get(id);
    if (leaf.callFrame.functionName === '(idle)') continue;
    busy++;
    const leafCategory = category(leaf.callFrame);
    self.set(leafCategory, (self.get(leafCategory) ?? 0) + 1);
    const fn = `${leaf.callFrame.functionName || '(anonymous)'} ${leaf.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|libs)\//, '$1/')}:${leaf.callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + 1);
    const seen = new Set();
    for (let node = leaf; node; node = byId.get(parent.get(node.id))) seen.add(category(node.callFrame));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
  const pct = (count) => `${((100 * count) / busy).toFixed(1).padStart(5)}%`;
  const table = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, count]) => `    ${pct(count)}  ${name}`);
  return [
    `  busy samples ${busy} of ${profile.samples.length}`,
    '  self time by package:', ...table(self),
    '  inclusive time by package (a package and what it calls):', ...table(inclusive).filter((line) => !/\((root|program)\)$/.test(line)),
    '  hottest functions (self):', ...table(functions),
  ];
}
