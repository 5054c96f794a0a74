import { useEffect, useRef, useState } from 'react';
import type { RecentSignIn } from '@/features/data-v/api/overview.api';
import { activityTime, freshKeys, signInKey } from '@/features/data-v/model/activity';
import { t } from '@/lib/i18n';
import { Notice } from './Panel';
import { colors } from './styles';

const ROW_HEIGHT = 64;

/** Which rows arrived with the latest answer (flashed once); nothing on the first answer. */
function useFresh(rows: readonly RecentSignIn[] | undefined): ReadonlySet<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!rows) return;
    setFresh(freshKeys(seen.current, rows));
    seen.current = new Set(rows.map(signInKey));
  }, [rows]);
  return fresh;
}

/** The latest sign-ins, newest first: time, who, from where; new arrivals flash once. */
export function LiveSignIns({ rows }: { rows: RecentSignIn[] | undefined }) {
  const fresh = useFresh(rows);
  if (!rows) return <Notice>{t('datav.loading')}</Notice>;
  if (rows.length === 0) return <Notice>{t('datav.empty')}</Notice>;
  const now = new Date();
  return (
    <ol data-testid="datav-live" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row, index) => {
        const key = signInKey(row);
        const isFresh = fresh.has(key);
        return (
          <li
            key={key}
            className={isFresh ? 'gh-datav-fresh' : undefined}
            style={{
              display: 'grid',
              gridTemplateColumns: '108px 44px minmax(0, 1fr) auto',
              alignItems: 'center',
              gap: 14,
              height: ROW_HEIGHT,
              padding: '0 8px',
              borderBottom: index === rows.length - 1 ? 'none' : '1px dashed rgba(148, 163, 184, 0.16)',
            }}
          >
            <time dateTime={new Date(row.at).toISOString()} style={{ fontSize: 19, color: colors.accent }}>
              {activityTime(row.at, now)}
            </time>
            <span
              aria-hidden
              style={{
                display: 'grid',
                placeItems: 'center',
                width: 40,
                height: 40,
                borderRadius: '50%',
                fontSize: 18,
                color: '#fff',
                background: 'linear-gradient(135deg, #0ea5e9, #6366f1)',
              }}
            >
              {[...row.accountName][0] ?? '?'}
            </span>
            <span style={{ minWidth: 0 }}>
              <span
                style={{
                  display: 'block',
                  fontSize: 20,
                  color: '#f1f5f9',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {row.accountName}
                {isFresh ? (
                  <span
                    style={{
                      marginLeft: 10,
                      padding: '1px 8px',
                      fontSize: 14,
                      borderRadius: 3,
                      color: '#022c22',
                      background: '#34d399',
                      verticalAlign: 'middle',
                    }}
                  >
                    {t('datav.justNow')}
                  </span>
                ) : null}
              </span>
              <span
                style={{
                  display: 'block',
                  fontSize: 15,
                  color: colors.muted,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {row.accountNumber}
              </span>
            </span>
            <span style={{ fontSize: 17, color: '#cbd5e1', fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
              {row.ip || '—'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
