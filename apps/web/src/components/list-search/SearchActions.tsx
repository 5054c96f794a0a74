import { Form } from 'antd';
import { SearchButtons } from './SearchButtons';

/** The 查询 / 重置 pair as the last item of an antd inline search form. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <SearchButtons onReset={onReset} />
    </Form.Item>
  );
}
