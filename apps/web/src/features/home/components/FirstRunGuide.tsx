import { CheckCircleFilled } from '@ant-design/icons';
import { routes } from '@gatehouse/contract';
import { App, Button, Card, Flex, List, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useListMutation } from '@/components/list-kit';
import { overviewKey } from '@/features/home/api/overview.api';
import { call } from '@/lib/http';
import { useCan } from '@/stores/session';
import { type HomeText, tx } from '../texts';

/** Where the guide remembers, per account and browser, that it was dismissed. */
export const guideDismissedKey = (accountId: number) => `gatehouse_first_run_dismissed:${accountId}`;

/**
 * A new installation: one organisation (the seeded root) and one account (the built-in administrator). The guide
 * shows until the installation has grown past that or the account dismisses it.
 */
export const isFirstRun = (overview: { orgs: number; accounts: { total: number } }) =>
  overview.orgs <= 1 && overview.accounts.total <= 1;

function readDismissed(accountId: number): boolean {
  try {
    return localStorage.getItem(guideDismissedKey(accountId)) === '1';
  } catch {
    return false;
  }
}

interface Step {
  key: string;
  title: HomeText;
  hint: HomeText;
  path: string;
}

const STEPS: readonly Step[] = [
  { key: 'orgs', title: 'guide.orgs', hint: 'guide.orgsHint', path: '/user/Organization' },
  { key: 'roles', title: 'guide.roles', hint: 'guide.rolesHint', path: '/user/Role' },
  { key: 'accounts', title: 'guide.accounts', hint: 'guide.accountsHint', path: '/user/Account' },
];

/**
 * 首页's first-run guide: the order in which a new installation is set up (organisations, roles, accounts), each step
 * linking to its screen when the account may open it, and the common dictionaries added with one click.
 */
export function FirstRunGuide({
  accountId,
  dicts,
  permittedMenus,
}: {
  accountId: number;
  /** How many dictionaries the installation has. */
  dicts: number;
  permittedMenus: ReadonlySet<string>;
}) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [dismissed, setDismissed] = useState(() => readDismissed(accountId));
  const canAddDicts = useCan(routes.addCommonDicts);
  const addDicts = useListMutation({
    mutationFn: () => call(routes.addCommonDicts, {}),
    queryKey: overviewKey,
    onSuccess: ({ added }) => {
      message.success(added > 0 ? tx('guide.added', { added }) : tx('guide.addedNone'));
    },
  });
  if (dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(guideDismissedKey(accountId), '1');
    } catch {
      // Storage refused (private mode): hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card
      title={tx('guide.title')}
      extra={
        <Button type="link" onClick={dismiss}>
          {tx('guide.dismiss')}
        </Button>
      }
      data-testid="first-run-guide"
    >
      <Typography.Paragraph type="secondary">{tx('guide.intro')}</Typography.Paragraph>
      <List
        itemLayout="horizontal"
        dataSource={[...STEPS.map((step) => step.key), 'dicts']}
        renderItem={(key, index) => {
          const step = STEPS.find((s) => s.key === key);
          if (step) {
            return (
              <List.Item
                actions={
                  permittedMenus.has(step.path)
                    ? [
                        <Button key="open" onClick={() => navigate(step.path)}>
                          {tx('guide.open')}
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta title={`${index + 1}. ${tx(step.title)}`} description={tx(step.hint)} />
              </List.Item>
            );
          }
          return (
            <List.Item
              actions={
                dicts > 0
                  ? [
                      <Flex key="have" gap={6} align="center">
                        <CheckCircleFilled aria-hidden style={{ color: '#52c41a' }} />
                        <Typography.Text>{tx('guide.dictsHave', { count: dicts })}</Typography.Text>
                      </Flex>,
                    ]
                  : canAddDicts
                    ? [
                        <Button
                          key="add"
                          type="primary"
                          loading={addDicts.isPending}
                          onClick={() => void addDicts.run(undefined)}
                        >
                          {tx('guide.addDicts')}
                        </Button>,
                      ]
                    : []
              }
            >
              <List.Item.Meta title={`${index + 1}. ${tx('guide.dicts')}`} description={tx('guide.dictsHint')} />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
