import { Tag, Tooltip } from 'antd';
import { type MessageKey, t } from '@/lib/i18n';

interface TaggedSession {
  current: boolean;
  switchedBy: { accountNumber: string; accountName: string } | null;
}

/**
 * The marks of a session row (在线用户, 登录设备): the caller's own session, and an identity switch with who really
 * acts in it. `currentLabel` names the own session the way the screen says it.
 */
export function SessionTags({ session, currentLabel }: { session: TaggedSession; currentLabel: MessageKey }) {
  return (
    <>
      {session.current && <Tag color="green">{t(currentLabel)}</Tag>}
      {session.switchedBy && (
        <Tooltip
          title={t('online.switchedBy', {
            name: session.switchedBy.accountName,
            account: session.switchedBy.accountNumber,
          })}
        >
          <Tag color="orange">{t('online.switched')}</Tag>
        </Tooltip>
      )}
    </>
  );
}
