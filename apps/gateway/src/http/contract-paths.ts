import type { RouteDefinition } from '@fodmap/contracts';

/**
 * Whether a request is for one of `routes`, as Express routes it: the path case-insensitively, with an optional
 * trailing slash, a parameter being one path segment whatever it holds, and HEAD served by the GET route. For the
 * gateway's middleware that must know a request's contract route before Nest has matched it (the subscription gate,
 * `Cache-Control`).
 */
export function matchesRoutes(routes: readonly RouteDefinition[]): (method: string, path: string) => boolean {
  const patterns = routes.map((route) => ({ method: route.method, path: pathPattern(route.path) }));
  return (method, path) => {
    const routed = method === 'HEAD' ? 'GET' : method;
    return patterns.some((pattern) => pattern.method === routed && pattern.path.test(path));
  };
}

/** `/api/meals/:id` → /^\/api\/meals\/[^/]+\/?$/i. */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('\\/')}\\/?$`, 'i');
}
