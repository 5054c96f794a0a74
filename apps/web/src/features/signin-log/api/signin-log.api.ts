import { API_BASE, type QueryOf, type ResponseOf, routes } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, nullifyEmptyParams } from '@/lib/http';
import { currentLocale, t } from '@/lib/i18n';
import { useSession } from '@/stores/session';

export type SignInLogEntry = ResponseOf<typeof routes.listSigninLog>['list'][number];
export type SignInLogQuery = QueryOf<typeof routes.listSigninLog>;
export type SignInLogFilters = QueryOf<typeof routes.exportSigninLog>;

export function useSignInLog(query: SignInLogQuery) {
  return useQuery({
    queryKey: ['signin-log', 'list', query],
    queryFn: ({ signal }) => call(routes.listSigninLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The query string of `filters` without the empty ones. */
function queryString(filters: SignInLogFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(nullifyEmptyParams(filters) ?? {})) {
    if (value !== null && value !== undefined) params.append(name, String(value));
  }
  return params.size ? `?${params}` : '';
}

/**
 * GET /signin-log/export: the CSV file of the entries matching `filters`, saved through a download link. A
 * 'file' route answers bytes, not the envelope, so it is fetched here with the session token rather than
 * through the JSON client. Rejects with the server's message when refused.
 */
export async function downloadSignInLog(filters: SignInLogFilters): Promise<void> {
  const token = useSession.getState().token;
  const response = await fetch(`${API_BASE}${routes.exportSigninLog.path}${queryString(filters)}`, {
    headers: { ...(token ? { Authorization: token } : {}), 'Accept-Language': currentLocale() },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    throw new Error(typeof body?.msg === 'string' ? body.msg : t('signinLog.exportFailed'));
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'signin-log.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
