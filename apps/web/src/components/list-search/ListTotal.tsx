import { InfoCircleOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** The '共 N 条记录' line between a list's search form and its table. */
export function ListTotal({ testId, children }: { testId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6} style={{ margin: '16px 0 8px', color: '#888' }}>
      <InfoCircleOutlined aria-hidden />
      <span data-testid={testId} style={{ color: token.colorTextSecondary }}>
        {children}
      </span>
    </Flex>
  );
}
