import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { t } from '@/lib/i18n';

/** The 查询 / 重置 pair closing every list screen's inline search form (查询 submits the form). */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
        {t('common.search')}
      </Button>
      <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
        {t('common.reset')}
      </Button>
    </Space>
  );
}
