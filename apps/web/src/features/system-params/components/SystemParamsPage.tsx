import {
  routes,
  SUPER_ADMIN_CLASSES,
  type SystemParamDef,
  type SystemParamGroup,
  UNSWITCHED_CLASSES,
} from '@gatehouse/contract';
import { paramDef } from '@gatehouse/contract/system-params';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { LoadFailed } from '@/components/authz-explain/LoadFailed';
import { FormDialog } from '@/components/form-dialog';
import { useListMutation } from '@/components/list-kit';
import { currentLocale } from '@/lib/i18n';
import { useRefetchWhenShown } from '@/lib/router/page-active';
import { useCan, useSession } from '@/stores/session';
import { listSystemParams, type SystemParam, systemParamKeys, updateSystemParam } from '../api/system-params.api';
import { type SystemParamText, tx } from '../texts';

const GROUPS: SystemParamGroup[] = ['registration', 'signIn', 'passwords', 'sessions', 'audit', 'uploads', 'server'];
const FORM_ID = 'systemParamDialog';

const titleOf = (def: SystemParamDef) => (currentLocale() === 'en-US' ? def.title.en : def.title.zh);
const helpOf = (def: SystemParamDef) => (currentLocale() === 'en-US' ? def.help.en : def.help.zh);

/** A value as people read it: a flag 开启/关闭, an enum its name, a number with its unit, no id （无）. */
export function shownValue(def: SystemParamDef, value: string): string {
  const kind = def.kind;
  if (kind.type === 'flag') return tx(value === 'true' ? 'on' : 'off');
  if (kind.type === 'enum') {
    const key = `${def.key}.${value}` as SystemParamText;
    const named = tx(key);
    return named === key ? value : named;
  }
  if (value === '') return tx('none');
  if (kind.type === 'int' && kind.unit) return `${value} ${tx(`unit.${kind.unit}`)}`;
  return value;
}

/** Why the signed-in account may not change parameters, or null when it may (the route's security classes). */
function useRefusal(): string | null {
  const user = useSession((s) => s.user);
  const held = useCan(routes.updateSystemParam);
  const classes = routes.updateSystemParam.security ?? [];
  if (user?.originalAccount && classes.some((c) => UNSWITCHED_CLASSES.includes(c))) return tx('switched');
  const superAdmin = user?.sysRole?.type === 1;
  if (!held || (!superAdmin && classes.some((c) => SUPER_ADMIN_CLASSES.includes(c)))) return tx('onlySuperAdmin');
  return null;
}

/** 系统参数: the settings of the running system by group, each changed in a dialog or reset. */
export function SystemParamsPage() {
  const params = useQuery({ queryKey: systemParamKeys.all, queryFn: listSystemParams });
  useRefetchWhenShown(params.refetch);
  const [editing, setEditing] = useState<SystemParam | null>(null);
  const refusal = useRefusal();
  const { modal, message } = App.useApp();
  const reset = useListMutation({
    mutationFn: (key: string) => updateSystemParam({ key, value: '', reset: true }),
    queryKey: systemParamKeys.all,
  });

  const confirmReset = (param: SystemParam, def: SystemParamDef) => {
    modal.confirm({
      title: tx('resetConfirm', { name: titleOf(def) }),
      okText: tx('reset'),
      onOk: async () => {
        if (await reset.run(param.key)) message.success(tx('resetDone'));
      },
    });
  };

  const columns: TableColumnsType<SystemParam> = [
    {
      title: tx('colName'),
      key: 'name',
      width: 280,
      render: (_, param) => {
        const def = paramDef(param.key)!;
        return (
          <Flex vertical gap={2}>
            <Typography.Text strong>{titleOf(def)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {helpOf(def)}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: tx('colKey'),
      key: 'key',
      width: 210,
      render: (_, param) => (
        <Flex vertical gap={2}>
          <Typography.Text code>{param.key}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {paramDef(param.key)!.env}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: tx('colValue'),
      key: 'value',
      width: 180,
      render: (_, param) => (
        <Space size={4} wrap>
          <Typography.Text ellipsis={{ tooltip: param.value }} style={{ maxWidth: 280 }}>
            {shownValue(paramDef(param.key)!, param.value)}
          </Typography.Text>
          {param.restart && <Tag>{tx('restart')}</Tag>}
        </Space>
      ),
    },
    {
      title: tx('colDefault'),
      key: 'default',
      width: 140,
      render: (_, param) => (
        <Typography.Text type="secondary">{shownValue(paramDef(param.key)!, param.defaultValue)}</Typography.Text>
      ),
    },
    {
      title: tx('colSource'),
      key: 'source',
      width: 100,
      render: (_, param) => (
        <Tag color={param.source === 'database' ? 'blue' : param.source === 'env' ? 'gold' : undefined}>
          {tx(`source.${param.source}`)}
        </Tag>
      ),
    },
    {
      title: tx('colActions'),
      key: 'actions',
      width: 120,
      // At 768 px the table scrolls sideways: the actions stay in view.
      fixed: 'right',
      render: (_, param) => {
        const def = paramDef(param.key)!;
        const why = param.restart ? tx('restartOnly', { env: def.env }) : refusal;
        return (
          <Space size={0}>
            <Tooltip title={why}>
              <Button type="link" size="small" disabled={why !== null} onClick={() => setEditing(param)}>
                {tx('edit')}
              </Button>
            </Tooltip>
            {param.source === 'database' && why === null && (
              <Button type="link" size="small" onClick={() => confirmReset(param, def)}>
                {tx('reset')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {tx('intro')}
      </Typography.Paragraph>
      {refusal && <Alert type="info" showIcon message={refusal} />}
      {params.data ? (
        GROUPS.map((group) => {
          const rows = params.data.filter((p) => paramDef(p.key)?.group === group);
          if (rows.length === 0) return null;
          return (
            <Card key={group} title={tx(`group.${group}`)} styles={{ body: { padding: 0 } }}>
              <Table<SystemParam>
                rowKey="key"
                size="middle"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 1030 }}
              />
            </Card>
          );
        })
      ) : params.isError ? (
        <Card>
          <LoadFailed error={params.error} retrying={params.isFetching} onRetry={() => void params.refetch()} />
        </Card>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
      <FormDialog
        title={tx('dialogTitle')}
        width={560}
        formId={FORM_ID}
        target={editing}
        onClose={() => setEditing(null)}
      >
        {(shown, setSaving) => (
          <ParamForm key={shown.key} param={shown} onSaving={setSaving} onSaved={() => setEditing(null)} />
        )}
      </FormDialog>
    </Flex>
  );
}

interface ParamFormValues {
  value: string | number | boolean | null;
}

function ParamForm({
  param,
  onSaving,
  onSaved,
}: {
  param: SystemParam;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const def = paramDef(param.key)!;
  const kind = def.kind;
  const [form] = Form.useForm<ParamFormValues>();
  const { message } = App.useApp();
  const saving = useListMutation({
    mutationFn: (values: ParamFormValues) =>
      updateSystemParam({ key: param.key, value: values.value === null ? '' : String(values.value) }),
    queryKey: systemParamKeys.all,
    form,
    onSuccess: () => {
      message.success(tx('saved'));
      onSaved();
    },
  });
  useEffect(() => onSaving(saving.isPending), [onSaving, saving.isPending]);
  const initial: ParamFormValues['value'] =
    kind.type === 'flag'
      ? param.value === 'true'
      : kind.type === 'int' || kind.type === 'id'
        ? param.value === ''
          ? null
          : Number(param.value)
        : param.value;

  return (
    <Form<ParamFormValues>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{ value: initial }}
      onFinish={(values) => void saving.run(values)}
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph>
        <Typography.Text strong>{titleOf(def)}</Typography.Text> <Typography.Text code>{def.key}</Typography.Text>
      </Typography.Paragraph>
      <Form.Item
        label={tx('fieldValue')}
        name="value"
        extra={helpOf(def)}
        valuePropName={kind.type === 'flag' ? 'checked' : 'value'}
        rules={kind.type === 'int' ? [{ required: true, message: tx('valueRequired') }] : []}
      >
        {kind.type === 'flag' ? (
          <Switch checkedChildren={tx('on')} unCheckedChildren={tx('off')} />
        ) : kind.type === 'enum' ? (
          <Select options={kind.values.map((value) => ({ value, label: shownValue(def, value) }))} />
        ) : kind.type === 'int' ? (
          <InputNumber
            min={kind.min}
            max={kind.max}
            precision={0}
            style={{ width: 240 }}
            addonAfter={kind.unit ? tx(`unit.${kind.unit}`) : undefined}
          />
        ) : kind.type === 'id' ? (
          <InputNumber min={1} precision={0} style={{ width: 240 }} placeholder={tx('none')} />
        ) : (
          <Input maxLength={200} />
        )}
      </Form.Item>
    </Form>
  );
}
