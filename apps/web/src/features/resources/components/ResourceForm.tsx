import { routes } from '@gatehouse/contract';
import { Button, Form, Input, InputNumber, Radio, Space, Tag, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { Can } from '@/components/can';
import { useListMutation } from '@/components/list-kit';
import { buildResourceTree, METHOD_COLORS, type ResourceNode, subtreeIds } from '@/components/resource-tree';
import { createResource, type Resource, resourceKeys, updateResource } from '@/features/resources/api/resources.api';
import { t } from '@/lib/i18n';
import { resourceTitle } from '@/lib/i18n/resource-title';
import { IconPicker } from './IconPicker';
import {
  METHODS,
  type ResourceFormValues,
  type ResourceTarget,
  targetType,
  toCreateBody,
  toFormValues,
  toUpdateBody,
} from './resource-form';

export interface ResourceFormProps {
  target: ResourceTarget;
  resources: Resource[];
  onSaved: (saved: Resource) => void;
  onReset: () => void;
}

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

const startsWithSlash = (message: string) => ({
  validator: (_rule: unknown, value: string | undefined) =>
    !value?.trim() || value.trim().startsWith('/') ? Promise.resolve() : Promise.reject(new Error(message)),
});

/**
 * The edit form beside the tree. Mounted once per target (the page keys it), so its initial values are the
 * target's. Only menus can be parents (the server refuses others); a node and its subtree cannot be its own parent.
 */
export function ResourceForm({ target, resources, onSaved, onReset }: ResourceFormProps) {
  const [form] = Form.useForm<ResourceFormValues>();
  const type = targetType(target);
  const editing = target.kind === 'edit' ? target.resource : undefined;
  const fixed = Boolean(editing?.builtin);

  const parentOptions = useMemo(() => {
    const model = buildResourceTree(resources);
    const blocked = editing ? subtreeIds(model, editing.id) : new Set<number>();
    const toOption = (node: ResourceNode): ParentOption[] => {
      if (node.resource.type !== 0) return [];
      const children = node.children.flatMap(toOption);
      return [
        {
          value: node.resource.id,
          title: resourceTitle(node.resource),
          disabled: blocked.has(node.resource.id) || undefined,
          children: children.length ? children : undefined,
        },
      ];
    };
    return model.roots.flatMap(toOption);
  }, [resources, editing]);

  const parentName = (id: number | null) => {
    const parent = resources.find((r) => r.id === id);
    return parent && resourceTitle(parent);
  };

  const heading =
    target.kind === 'edit'
      ? t('resource.formEdit', { name: resourceTitle(target.resource) })
      : t(type === 0 ? 'resource.formCreateMenu' : 'resource.formCreateApi');
  const hint =
    target.kind === 'create'
      ? target.pid === null
        ? t('resource.formRootHint')
        : t('resource.formParentHint', { name: parentName(target.pid) ?? '' })
      : fixed
        ? t('resource.builtinHint')
        : undefined;

  // A refusal has been reported by the http client; the form keeps what was typed.
  const saving = useListMutation({
    mutationFn: (values: ResourceFormValues): Promise<Resource> =>
      editing ? updateResource(toUpdateBody(editing, values)) : createResource(toCreateBody(type, values)),
    queryKey: resourceKeys.all,
    success: editing ? 'common.edited' : 'common.created',
    onSuccess: (saved) => onSaved(saved),
  });
  const save = (values: ResourceFormValues) => void saving.run(values);

  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16, margin: '0 0 4px' }} data-testid="resource-form-title">
        {heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ minHeight: 22, marginBottom: 16 }}>
        {hint}
      </Typography.Paragraph>
      <Form<ResourceFormValues>
        name="resourceForm"
        form={form}
        labelCol={{ flex: '80px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={toFormValues(target)}
        onFinish={save}
      >
        <Form.Item
          label={t('resource.fieldName')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('resource.nameRequired') },
            { max: 100, message: t('resource.nameLength') },
          ]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('resource.fieldType')}>
          <Tag color={type === 0 ? 'geekblue' : 'purple'} data-testid="resource-form-type">
            {t(type === 0 ? 'resource.typeMenu' : 'resource.typeApi')}
          </Tag>
        </Form.Item>
        {type === 1 ? (
          <>
            <Form.Item
              label={t('resource.fieldMethod')}
              name="method"
              rules={[{ required: true, message: t('resource.methodRequired') }]}
            >
              <Radio.Group disabled={fixed}>
                {METHODS.map((method) => (
                  <Radio key={method} value={method}>
                    <span style={{ color: fixed ? undefined : METHOD_COLORS[method], fontFamily: 'monospace' }}>
                      {method.toUpperCase()}
                    </span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item
              label={t('resource.fieldUrl')}
              name="url"
              rules={[
                { required: true, whitespace: true, message: t('resource.urlRequired') },
                startsWithSlash(t('resource.urlFormat')),
              ]}
            >
              <Input maxLength={255} readOnly={fixed} variant={fixed ? 'filled' : undefined} autoComplete="off" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              label={t('resource.fieldRoute')}
              name="route"
              rules={[startsWithSlash(t('resource.routeFormat'))]}
            >
              <Input
                maxLength={255}
                autoComplete="off"
                placeholder={fixed ? undefined : '/system/Example'}
                readOnly={fixed}
                variant={fixed ? 'filled' : undefined}
              />
            </Form.Item>
            {/* Built-in menus too: the icon is the administrator's choice (the route is what stays fixed). */}
            <Form.Item label={t('resource.fieldIcon')} name="icon">
              <IconPicker />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('resource.fieldParent')} name="pid">
          <TreeSelect<number | null>
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            treeData={parentOptions}
            placeholder={t('resource.parentPlaceholder')}
            onChange={(value) => form.setFieldValue('pid', value ?? null)}
          />
        </Form.Item>
        <Form.Item label={t('resource.fieldOrderNum')} name="orderNum">
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('resource.fieldRemark')} name="remark">
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Can routes={editing ? routes.updateResource : routes.createResource}>
              <Button type="primary" htmlType="submit" loading={saving.isPending}>
                {t('resource.save')}
              </Button>
            </Can>
            <Button onClick={onReset}>{t('resource.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
