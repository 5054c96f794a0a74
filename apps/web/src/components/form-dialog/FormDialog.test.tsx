import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/testing/TestProviders';
import { FormDialog } from './FormDialog';

interface Target {
  name: string;
}

function Screen({ form }: { form: (target: Target) => React.ReactNode }) {
  const [target, setTarget] = useState<Target | null>(null);
  return (
    <TestProviders>
      <Button onClick={() => setTarget({ name: '研发部' })}>添加</Button>
      <FormDialog title="添加组织" width={520} formId="org" target={target} onClose={() => setTarget(null)}>
        {(shown) => (
          <Form name="org" initialValues={shown}>
            {form(shown)}
          </Form>
        )}
      </FormDialog>
    </TestProviders>
  );
}

describe('FormDialog', () => {
  it('focuses the first field once open, so typing starts at once', async () => {
    render(
      <Screen
        form={() => (
          <>
            <Form.Item label="上级" name="pid">
              <Select aria-label="上级" disabled options={[]} />
            </Form.Item>
            {/* An upload's own input is no place to type. */}
            <input type="file" aria-label="头像" style={{ display: 'none' }} />
            <input aria-label="隐藏" style={{ display: 'none' }} />
            <Form.Item label="名称" name="name">
              <Input aria-label="名称" />
            </Form.Item>
            <Form.Item label="备注" name="remark">
              <Input aria-label="备注" />
            </Form.Item>
          </>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const name = await screen.findByRole('textbox', { name: '名称' });
    // The disabled picker and the hidden inputs are passed over.
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('starts in the field the form marks data-autofocus instead', async () => {
    render(
      <Screen
        form={() => (
          <>
            <Form.Item label="名称" name="name">
              <Input aria-label="名称" />
            </Form.Item>
            <Form.Item label="备注" name="remark">
              <Input aria-label="备注" data-autofocus />
            </Form.Item>
          </>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    const remark = await screen.findByRole('textbox', { name: '备注' });
    await waitFor(() => expect(document.activeElement).toBe(remark));
  });
});
