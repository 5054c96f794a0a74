import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, type DescriptionsProps, Flex, Skeleton, Typography } from 'antd';
import type { RecentSignIn } from '@/features/home/api/overview.api';
import { formatDateTime } from '@/lib/format/date';
import { byLocale, t } from '@/lib/i18n';
import type { Account } from '@/stores/session';

interface AccountCardProps {
  user: Account;
  /**
   * The account's latest sign-in: undefined while the statistics load or when the account may not read them
   * (the row is left out), null when it is not among the recent ones.
   */
  lastSignIn?: RecentSignIn | null;
  lastSignInLoading?: boolean;
}

/** The signed-in account: avatar, name, account number, organisation, role and, when known, its latest sign-in. */
export function AccountCard({ user, lastSignIn, lastSignInLoading = false }: AccountCardProps) {
  const none = t('home.card.none');
  const items: DescriptionsProps['items'] = [
    { key: 'org', label: t('home.card.org'), children: user.belongOrgName || user.orgName || none },
    { key: 'role', label: t('home.card.role'), children: user.roleName || t('home.card.noRole') },
  ];
  if (lastSignInLoading) {
    items.push({
      key: 'last',
      label: t('home.card.lastSignIn'),
      children: <Skeleton.Input active size="small" style={{ height: 20 }} />,
    });
  } else if (lastSignIn !== undefined) {
    items.push({
      key: 'last',
      label: t('home.card.lastSignIn'),
      children: lastSignIn ? (
        <span data-testid="home-last-sign-in">
          {formatDateTime(lastSignIn.at)}
          {lastSignIn.ip ? <Typography.Text type="secondary">{` · ${lastSignIn.ip}`}</Typography.Text> : null}
        </span>
      ) : (
        none
      ),
    });
  }

  return (
    <Card title={t('home.card.title')} style={{ height: '100%' }} data-testid="home-account-card">
      <Flex gap={16} align="center">
        {/* Keyed by the url: a new picture is a new <img>, never the old one still decoding. */}
        <Avatar
          key={user.avatar ?? 'none'}
          size={64}
          src={user.avatar || undefined}
          alt={t('files.avatarAlt')}
          icon={<UserOutlined />}
          style={{ flex: 'none', background: user.avatar ? undefined : '#257ff7' }}
        />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} ellipsis style={{ fontSize: 18, margin: 0 }}>
            {user.accountName}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis>
            {t('home.card.accountLine', { accountNumber: user.accountNumber })}
          </Typography.Text>
        </div>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        items={items}
        style={{ marginTop: 20 }}
        styles={{ label: { width: byLocale({ 'zh-CN': 80, 'en-US': 100 }), whiteSpace: 'nowrap' } }}
      />
    </Card>
  );
}
