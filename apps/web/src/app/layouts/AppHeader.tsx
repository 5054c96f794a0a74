import { CaretDownOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Flex, Tag, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch, ThemeToggle } from '@/components/preferences';
import { useIdentitySwitch } from '@/features/accounts/components/use-identity-switch';
import { logout } from '@/features/auth/api/auth.api';
import { CommandPaletteLauncher } from '@/features/command-palette';
import { http } from '@/lib/http';
import { t } from '@/lib/i18n';
import { useEffectiveTheme } from '@/stores/preferences';
import { useSession } from '@/stores/session';
import { FRAME, headerColors } from './layout-frame';

/**
 * Blue header (a dark surface in the dark theme): the menu's toggle (`navToggle`), logo home, language switch, theme toggle, user dropdown
 * (个人信息, 退出登录). While an identity switch is in force, a badge says which account is being acted as and the
 * banner's 返回 and the dropdown offer the way back (切换回原身份).
 */
export function AppHeader({ navToggle }: { navToggle?: ReactNode }) {
  const user = useSession((state) => state.user);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { restore } = useIdentitySwitch();
  const original = user?.originalAccount ?? null;
  const { token } = theme.useToken();
  const dark = useEffectiveTheme() === 'dark';
  const { color, ...bar } = headerColors(dark, token);

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('header.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // Sign out locally even when the server call fails: the user asked to leave. Clearing the session is
        // the logout event (specification §4): the route guard then sends the user to /login. Navigating here
        // as well raced the guard's own redirect and left the router stuck on a blank page.
        await logout().catch(() => undefined);
        useSession.getState().clear();
        http.clearCache();
      },
    });

  return (
    <Flex
      component="header"
      align="center"
      justify="space-between"
      style={{
        height: FRAME.headerHeight,
        padding: `0 ${FRAME.paddingInline}px`,
        ...bar,
        color,
        flex: 'none',
      }}
    >
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        {navToggle}
        <Link to="/" style={{ color, minWidth: 0 }}>
          {/* A plain heading (antd's Typography brings its editable and copyable parts to every screen). */}
          <h1 style={{ color, ...FRAME.titleStyle }}>{t('app.name')}</h1>
        </Link>
      </Flex>
      <Flex align="center" gap={16} style={{ flex: 'none' }}>
        <CommandPaletteLauncher />
        <LanguageSwitch />
        <ThemeToggle />
        {user?.accountName && original && (
          <Tooltip title={t('header.originalAccount', original)}>
            <Tag
              color="gold"
              variant="solid"
              icon={<SwapOutlined aria-hidden />}
              data-testid="acting-as"
              style={{ margin: 0, fontSize: 13, lineHeight: '24px', color: '#4a3500' }}
            >
              {t('header.actingAs', { accountName: user.accountName, accountNumber: user.accountNumber })}
              {/* The way back where the banner says whose identity this is, not only in the user menu. */}
              <button
                type="button"
                aria-label={t('header.restoreIdentity')}
                onClick={() => void restore()}
                style={{
                  marginInlineStart: 8,
                  padding: '0 6px',
                  border: '1px solid currentColor',
                  borderRadius: 4,
                  background: 'transparent',
                  color: 'inherit',
                  font: 'inherit',
                  lineHeight: '18px',
                  cursor: 'pointer',
                }}
              >
                {t('header.back')}
              </button>
            </Tag>
          </Tooltip>
        )}
        {user?.accountName && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(original ? [{ key: 'restore', label: t('header.restoreIdentity') }] : []),
                { key: 'profile', label: t('header.profile') },
                { key: 'logout', label: t('header.logout') },
              ],
              onClick: ({ key }) => {
                if (key === 'restore') void restore();
                else if (key === 'profile') navigate('/system/Profile');
                else confirmLogout();
              },
            }}
          >
            <Flex
              component="button"
              align="center"
              gap={8}
              data-testid="user-menu"
              style={{ cursor: 'pointer', color, background: 'none', border: 'none', font: 'inherit' }}
            >
              {/* Reads the session's user, which the personal page and the account dialog reload after an avatar
                  change; keyed by the url so a new picture is a new <img>, never the old one still decoding. */}
              <Avatar
                key={user.avatar ?? 'none'}
                size={32}
                src={user.avatar || undefined}
                alt={t('files.avatarAlt')}
                icon={<UserOutlined />}
                data-testid="header-avatar"
              />
              <span>{user.accountName}</span>
              <CaretDownOutlined aria-hidden />
            </Flex>
          </Dropdown>
        )}
      </Flex>
    </Flex>
  );
}
