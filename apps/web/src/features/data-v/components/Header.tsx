import { HomeOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { REFRESH_MS } from '@/features/data-v/api/overview.api';
import { formatDateTime } from '@/lib/format/date';
import { t } from '@/lib/i18n';
import { colors } from './styles';

/** The wall clock, ticking each second (its own component, so nothing else re-renders with it). */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'baseline', gap: 14 }}>
      <span style={{ fontSize: 17, color: colors.muted }}>{dayjs(now).format('YYYY-MM-DD dddd')}</span>
      <time style={{ fontSize: 32, fontWeight: 600, color: '#f8fafc', letterSpacing: 1 }}>
        {dayjs(now).format('HH:mm:ss')}
      </time>
    </span>
  );
}

interface HeaderProps {
  /** When the figures on screen were computed (ISO), if any arrived yet. */
  generatedAt: number | undefined;
  /** The latest refresh failed: the figures are older than they should be. */
  stale: boolean;
  fetching: boolean;
  /** Whether figures are shown at all (not for an account without the permission). */
  live: boolean;
}

/** Back to 首页 at the left, the title in the middle, the clock and the last update at the right. */
export function Header({ generatedAt, stale, fetching, live }: HeaderProps) {
  const updated = generatedAt === undefined ? '' : formatDateTime(generatedAt, 'HH:mm:ss');
  return (
    <header
      style={{
        position: 'relative',
        display: 'grid',
        gridTemplateColumns: '480px 1fr 480px',
        alignItems: 'center',
        height: 96,
      }}
    >
      <div>
        <Link to="/" className="gh-datav-back" data-testid="datav-back">
          <HomeOutlined aria-hidden />
          {t('datav.back')}
        </Link>
      </div>
      <div style={{ textAlign: 'center' }}>
        <h1
          style={{
            margin: 0,
            fontSize: 44,
            lineHeight: '56px',
            fontWeight: 700,
            letterSpacing: 6,
            color: '#e0f2fe',
            textShadow: '0 0 18px rgba(34, 211, 238, 0.55)',
          }}
        >
          {t('datav.title')}
        </h1>
        <div style={{ fontSize: 16, letterSpacing: 8, color: colors.accentSoft, opacity: 0.8 }}>
          {t('datav.subtitle')}
        </div>
      </div>
      <div style={{ textAlign: 'right' }}>
        <Clock />
        <div
          data-testid="datav-updated"
          style={{
            display: live ? 'flex' : 'none',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 8,
            marginTop: 4,
            fontSize: 16,
            color: stale ? colors.warning : colors.muted,
          }}
        >
          <span
            aria-hidden
            className={fetching ? 'gh-datav-pulse' : undefined}
            style={{
              width: 9,
              height: 9,
              borderRadius: '50%',
              background: stale ? colors.warning : '#34d399',
              boxShadow: `0 0 8px ${stale ? colors.warning : '#34d399'}`,
            }}
          />
          {updated
            ? stale
              ? t('datav.stale', { time: updated })
              : `${t('datav.updatedAt', { time: updated })} · ${t('datav.refreshEvery', { seconds: REFRESH_MS / 1000 })}`
            : t('datav.loading')}
        </div>
      </div>
      {/* The glowing rule under the title. */}
      <div
        aria-hidden
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: -6,
          height: 2,
          background: 'linear-gradient(90deg, transparent 0%, rgba(34, 211, 238, 0.75) 50%, transparent 100%)',
        }}
      />
    </header>
  );
}
