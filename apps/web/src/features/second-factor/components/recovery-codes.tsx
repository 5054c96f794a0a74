import { CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, theme } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/format/date';
import { saveFile } from '@/lib/http';
import { useSession } from '@/stores/session';
import { tx } from '../texts';

/** The text file of 下载 .txt: what the codes are, whose, when, then one code a line. */
export function recoveryCodesFile(codes: readonly string[], account: string, time = new Date()): string {
  return [
    tx('recoveryFileTitle'),
    tx('recoveryFileAccount', { account }),
    tx('recoveryFileTime', { time: formatDateTime(time.getTime(), 'YYYY/MM/DD HH:mm:ss') }),
    tx('recoveryFileHint'),
    '',
    ...codes,
    '',
  ].join('\r\n');
}

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): copy, download as .txt, and the
 * dialog closes only through 我已保存恢复码. `show(codes)` resolves when the user says so.
 */
export function useRecoveryCodes(): { show(codes: string[]): Promise<void>; dialog: ReactNode } {
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = useRef<(() => void) | null>(null);

  const show = useCallback(
    (next: string[]) =>
      new Promise<void>((resolve) => {
        done.current = resolve;
        setCodes(next);
      }),
    [],
  );

  const confirm = () => {
    setCodes(null);
    done.current?.();
    done.current = null;
  };

  return { show, dialog: <RecoveryCodesDialog codes={codes} onSaved={confirm} /> };
}

function RecoveryCodesDialog({ codes, onSaved }: { codes: string[] | null; onSaved(): void }) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const account = useSession((state) => state.user?.accountNumber ?? '');
  // Kept while the dialog animates closed, so its content does not vanish first.
  const last = useRef<string[]>([]);
  if (codes) last.current = codes;
  const shown = codes ?? last.current;

  const copy = async () => {
    if (await copyText(shown.join('\n'))) message.success({ content: tx('copied'), key: 'recovery.copy' });
    else message.warning({ content: tx('copyFailed'), key: 'recovery.copy' });
  };

  const download = () =>
    saveFile(
      new Blob([recoveryCodesFile(shown, account)], { type: 'text/plain;charset=utf-8' }),
      `gatehouse-recovery-codes${account ? `-${account}` : ''}.txt`,
    );

  return (
    <Modal
      open={codes !== null}
      title={tx('recoveryTitle')}
      width={520}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Flex gap={8}>
            <Button icon={<CopyOutlined />} onClick={copy}>
              {tx('recoveryCopy')}
            </Button>
            <Button icon={<SaveOutlined />} onClick={download}>
              {tx('recoveryDownload')}
            </Button>
          </Flex>
          <Button type="primary" onClick={onSaved}>
            {tx('recoverySaved')}
          </Button>
        </Flex>
      }
    >
      <Alert
        type="warning"
        showIcon
        title={tx('recoveryNotice')}
        description={tx('recoveryExplain')}
        style={{ marginBottom: 16 }}
      />
      <ol
        aria-label={tx('recovery')}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: '8px 24px',
          margin: 0,
          padding: '16px 16px 16px 40px',
          background: token.colorFillAlter,
          borderRadius: token.borderRadius,
          fontFamily: token.fontFamilyCode,
          fontSize: 15,
        }}
      >
        {shown.map((code) => (
          <li key={code} data-testid="recovery-code" style={{ userSelect: 'all' }}>
            {code}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
