/**
 * Path routing for the UI (the door page lives at /door, so routes are paths, not hashes).
 * Patterns are literal segments and `:name` parameters: `/events/:id`.
 */
export type RouteParams = Record<string, string>;

export function matchPath(pattern: string, path: string): RouteParams | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const have = split(path.split(/[?#]/)[0] ?? '');
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}
