/** Settings of the web app, fixed at build time. */
export const appConfig = Object.freeze({
  /** localStorage key of the session token. */
  tokenStorageKey: 'gatehouse_auth',
  /** First path segments reachable without a session (specification §2). */
  openRoutes: Object.freeze(['/login', '/register', '/update-password', '/500', '/404']),
  pageSizes: Object.freeze([10, 20, 50, 100]),
  defaultPageSize: 20,
});

/** True when the first segment of `path` is an open route (reference UI §6). */
export function isOpenPath(path: string): boolean {
  const first = `/${path.split(/[/?#]/).filter(Boolean)[0] ?? ''}`;
  return appConfig.openRoutes.includes(first);
}

/** A `redirect` query value is only followed when it is an in-app absolute path. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  return value;
}
