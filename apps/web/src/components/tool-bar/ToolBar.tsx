import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { t } from '@/lib/i18n';
import { useRouteTitle } from '@/lib/router/route-title';

export interface ToolBarProps {
  /** Defaults to the current route's title. */
  title?: ReactNode;
  /**
   * A back arrow: for a page reached from another (a form, a refusal), not for a menu's own screen, where history back
   * would leave for wherever the user came from. Shown when set, or when `onBack` is given.
   */
  back?: boolean;
  /** What the back arrow does; defaults to history back. */
  onBack?: () => void;
  /** Right-hand slot, usually buttons. */
  children?: ReactNode;
}

/** Sticky bar at the top of a page: back arrow where there is somewhere to go back to, title, actions (reference UI §1.1). */
export function ToolBar({ title, back, onBack, children }: ToolBarProps) {
  const navigate = useNavigate();
  const routeTitle = useRouteTitle();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: '8px 0',
        marginBottom: 16,
      }}
    >
      <Flex align="center" gap={8}>
        {(back || onBack) && (
          <Tooltip title={t('common.back')}>
            <Button
              type="text"
              aria-label={t('common.back')}
              icon={<ArrowLeftOutlined />}
              onClick={onBack ?? (() => navigate(-1))}
            />
          </Tooltip>
        )}
        <h1 style={{ fontSize: 18, margin: 0, fontWeight: 500, lineHeight: 1.2353, color: token.colorTextHeading }}>
          {title ?? routeTitle}
        </h1>
      </Flex>
      <Flex align="center" gap={8}>
        {children}
      </Flex>
    </Flex>
  );
}
