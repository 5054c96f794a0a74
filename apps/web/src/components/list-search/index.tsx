import { InfoCircleOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n';

/** The 查询 / 重置 pair closing every list screen's inline search form (查询 submits the form). */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('common.search')}
        </Button>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** The '共 N 条记录' line between a list's search form and its table. */
export function ListTotal({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6} style={{ margin: '16px 0 8px', color: '#888' }}>
      <InfoCircleOutlined aria-hidden />
      <Typography.Text type="secondary" data-testid={testId}>
        {children}
      </Typography.Text>
    </Flex>
  );
}
