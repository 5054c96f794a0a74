import { KeyOutlined, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { PASSKEYS_MAX } from '@gatehouse/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Divider,
  Flex,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { ReactNode } from 'react';
import { passkeyAddressNote } from '@/components/verification/passkey-address';
import { useWebAuthnSupported } from '@/components/verification/webauthn';
import { formatDateTime } from '@/lib/format/date';
import { fromNow } from '@/lib/format/relative-time';
import { HttpError } from '@/lib/http';
import { t } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import {
  deletePasskey,
  disableTotp,
  type Passkey,
  regenerateRecoveryCodes,
  type SecondFactorStatus,
  secondFactorKeys,
  useSecondFactorStatus,
} from '../api/second-factor.api';
import { tx } from '../texts';
import { useAddPasskey, useRenamePasskey } from './passkeys';
import { useRecoveryCodes } from './recovery-codes';
import { useTotpSetup } from './totp-setup';

/**
 * 双因素认证 on the personal page: whether it is on, the authenticator app (set up, turn off), the
 * passkeys (list, add, rename, delete) and the recovery codes left (regenerate). GET /auth/second-factor drives it;
 * every change asks it again.
 */
export function SecondFactorCard() {
  const status = useSecondFactorStatus();
  const data = status.data;
  const on = Boolean(data && (data.totp || data.passkeys.length > 0));

  return (
    <section data-testid="second-factor" aria-label={tx('title')}>
      <Divider titlePlacement="start" style={{ marginTop: 32 }}>
        <Flex align="center" gap={8}>
          {tx('title')}
          {data && (
            <Tag color={on ? 'success' : 'default'} data-testid="second-factor-state">
              {on ? tx('on') : tx('off')}
            </Tag>
          )}
        </Flex>
      </Divider>
      {data ? (
        <SecondFactorSections status={data} />
      ) : status.isError ? (
        <Alert
          type="error"
          showIcon
          title={tx('loadFailed')}
          description={status.error instanceof HttpError ? status.error.message : undefined}
          action={
            <Button size="small" onClick={() => void status.refetch()} loading={status.isFetching}>
              {tx('retry')}
            </Button>
          }
        />
      ) : (
        <div data-testid="second-factor-loading">
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      )}
    </section>
  );
}

function SecondFactorSections({ status }: { status: SecondFactorStatus }) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const webAuthn = useWebAuthnSupported();
  const recovery = useRecoveryCodes();
  const factors = (status.totp ? 1 : 0) + status.passkeys.length;
  // Acting as another account (identity switch): its factors are shown, not changed (the server refuses).
  const switched = useSession((state) => Boolean(state.user?.originalAccount));

  const reload = () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.status });
  /** New recovery codes: shown once, then the status is asked again (the count left). */
  const showCodes = async (codes: string[] | undefined) => {
    void reload();
    if (codes?.length) await recovery.show(codes);
  };
  /**
   * After a factor went: the account may now have to enrol again (its role requires one), which the session's
   * account says; the app then shows the enrolment page.
   */
  const afterRemoval = async (done: string) => {
    message.success({ content: done, key: done });
    await reload();
    if (status.required)
      await useSession
        .getState()
        .refreshUser()
        .catch(() => undefined);
  };

  const totp = useTotpSetup((codes) => void showCodes(codes));
  const addPasskey = useAddPasskey((codes) => void showCodes(codes));
  const rename = useRenamePasskey(() => void reload());

  const confirm = (title: string, content: string, run: () => Promise<unknown>, onDone: () => Promise<void>) =>
    modal.confirm({
      title,
      content,
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await run();
        } catch {
          return; // Reported by the http client, or the identity dialog was closed.
        }
        await onDone();
      },
    });

  const turnOffTotp = () =>
    confirm(tx('totpDisableConfirm'), factors > 1 ? tx('totpDisableKeep') : tx('totpDisableLast'), disableTotp, () =>
      afterRemoval(tx('totpDisabled')),
    );

  const remove = (passkey: Passkey) =>
    confirm(
      tx('passkeyDeleteConfirm', { name: passkey.name }),
      factors > 1 ? tx('passkeyDeleteKeep') : tx('passkeyDeleteLast'),
      () => deletePasskey(passkey.id),
      () => afterRemoval(tx('passkeyDeleted')),
    );

  const regenerate = () =>
    modal.confirm({
      title: tx('recoveryRegenerateConfirm'),
      content: tx('recoveryRegenerateDetail'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        let codes: string[];
        try {
          codes = await regenerateRecoveryCodes();
        } catch {
          return; // Reported by the http client, or the identity dialog was closed.
        }
        void showCodes(codes);
      },
    });

  const full = status.passkeys.length >= PASSKEYS_MAX;
  const dataColumns: TableColumnsType<Passkey> = [
    { title: tx('passkeyName'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: tx('passkeyCreated'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 160,
      render: (value: number) => formatDateTime(value),
    },
    {
      title: tx('passkeyLastUsed'),
      dataIndex: 'lastUsedTime',
      key: 'lastUsedTime',
      width: 140,
      render: (value: number | null) =>
        value !== null ? (
          <Tooltip title={formatDateTime(value, 'YYYY/MM/DD HH:mm:ss')}>
            <span>{fromNow(value)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{tx('passkeyNeverUsed')}</Typography.Text>
        ),
    },
  ];
  const columns: TableColumnsType<Passkey> = switched
    ? dataColumns
    : [
        ...dataColumns,
        {
          title: tx('passkeyActions'),
          key: 'actions',
          width: 150,
          align: 'center',
          render: (_value, passkey) => (
            <Flex gap={4} justify="center">
              <Button size="small" type="link" onClick={() => rename.open(passkey)}>
                {tx('passkeyRename')}
              </Button>
              <Button size="small" type="link" danger onClick={() => remove(passkey)}>
                {tx('passkeyDelete')}
              </Button>
            </Flex>
          ),
        },
      ];

  return (
    <Flex vertical gap={20}>
      <Typography.Text type="secondary">{tx('intro')}</Typography.Text>
      {status.required && factors === 0 && <Alert type="warning" showIcon title={tx('required')} />}
      {switched && <Alert type="info" showIcon title={tx('switched')} />}

      <FactorRow
        icon={<SafetyOutlined />}
        title={tx('totp')}
        state={status.totp}
        hint={status.totp ? tx('totpOnHint') : tx('totpOffHint')}
        testId="second-factor-totp"
        action={
          switched ? null : status.totp ? (
            <Button danger onClick={turnOffTotp}>
              {tx('totpDisable')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void totp.start()} loading={totp.starting}>
              {tx('totpSetup')}
            </Button>
          )
        }
      />

      <FactorRow
        icon={<KeyOutlined />}
        title={tx('passkeys')}
        state={status.passkeys.length > 0}
        hint={tx('passkeysHint')}
        testId="second-factor-passkeys"
        action={
          switched ? null : webAuthn === false ? (
            <Typography.Text type="secondary">{passkeyAddressNote() ?? tx('passkeyUnsupported')}</Typography.Text>
          ) : webAuthn ? (
            <Tooltip title={full ? tx('passkeyLimit', { max: PASSKEYS_MAX }) : undefined}>
              <Button onClick={addPasskey.open} disabled={full}>
                {tx('passkeyAdd')}
              </Button>
            </Tooltip>
          ) : null
        }
      >
        <Table<Passkey>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={status.passkeys}
          pagination={false}
          locale={{ emptyText: tx('passkeyEmpty') }}
          style={{ marginTop: 12 }}
        />
      </FactorRow>

      <FactorRow
        icon={<LockOutlined />}
        title={tx('recovery')}
        hint={factors > 0 ? tx('recoveryLeft', { count: status.recoveryCodesLeft }) : tx('recoveryNone')}
        testId="second-factor-recovery"
        action={factors > 0 && !switched ? <Button onClick={regenerate}>{tx('recoveryRegenerate')}</Button> : null}
      />

      {totp.dialog}
      {addPasskey.dialog}
      {rename.dialog}
      {recovery.dialog}
    </Flex>
  );
}

function FactorRow({
  icon,
  title,
  state,
  hint,
  action,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  /** On or off; none for a row that is not a factor (recovery codes). */
  state?: boolean;
  hint: string;
  action: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId}>
      <Flex align="flex-start" gap={16} wrap>
        <span aria-hidden="true" style={{ fontSize: 22, color: token.colorPrimary, lineHeight: 1.2 }}>
          {icon}
        </span>
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 240 }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong>{title}</Typography.Text>
            {state !== undefined && (
              <Tag color={state ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                {state ? tx('on') : tx('off')}
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
        {action}
      </Flex>
      {children}
    </div>
  );
}
