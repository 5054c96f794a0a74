import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportMode,
  type ResponseOf,
  type RouteDef,
  routes,
} from '@gatehouse/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Progress,
  Radio,
  Result,
  Space,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { call, saveDownload, uploadTo } from '@/lib/http';
import { t } from '@/lib/i18n';
import { tx } from './texts';

export type ImportPreview = ResponseOf<typeof routes.previewAccountImport>;
export type ImportResult = ResponseOf<typeof routes.commitAccountImport>;

/** What an import of one kind needs: its three routes and how its sheet's columns are called. */
export interface ImportKind {
  /** The dialog's title, e.g. 导入账号. */
  title: string;
  /** The template (a 'file' route). */
  template: RouteDef;
  templateName: string;
  /** The preview (an 'upload' route answering ImportPreview). */
  preview: RouteDef;
  /** The commit (a JSON route taking {previewId, mode, …} and answering ImportResult). */
  commit: RouteDef;
  /** A column key of the sheet (as errors name it) → its label. */
  columnLabels: Readonly<Record<string, string>>;
  /** New accounts need the one initial password the commit hands them. */
  initialPassword?: boolean;
  /** The list to refresh once rows are written. */
  queryKey: QueryKey;
}

type Step = 'upload' | 'check' | 'done';

/** How often the progress of a running commit is asked for. */
const PROGRESS_POLL_MS = 500;

/**
 * 导入: upload a sheet → every refused row explained (row number as the spreadsheet shows it, column,
 * message) with nothing written → choose insert or upsert → one transaction, its progress, what it did. The rejected
 * rows can be downloaded as a sheet to fix and upload again.
 */
export function ImportWizard({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mode, setMode] = useState<ImportMode>('insert');
  const [form] = Form.useForm<{ initialPassword: string }>();

  const reset = () => {
    setStep('upload');
    setFile(null);
    setPreview(null);
    setMode('insert');
    form.resetFields();
  };

  const check = useMutation({
    mutationFn: (chosen: File) => uploadTo(kind.preview, chosen, chosen.name) as Promise<ImportPreview>,
    onSuccess: (answer) => {
      setPreview(answer);
      setStep('check');
    },
  });

  const commit = useMutation({
    mutationFn: (body: { previewId: string; mode: ImportMode; initialPassword?: string }) =>
      call(kind.commit as typeof routes.commitAccountImport, { body: body as never }) as Promise<ImportResult>,
    onSuccess: () => {
      setStep('done');
      void queryClient.invalidateQueries({ queryKey: kind.queryKey });
    },
  });

  // While the commit runs, its progress (rows applied so far, counted by the server).
  const progress = useQuery({
    queryKey: ['import', 'progress', preview?.previewId],
    queryFn: ({ signal }) =>
      call(routes.importProgress, { params: { previewId: preview?.previewId ?? '' }, signal, quiet: true }),
    enabled: commit.isPending && preview !== null,
    refetchInterval: PROGRESS_POLL_MS,
  });

  const downloadTemplate = useMutation({
    mutationFn: () => saveDownload(kind.template, { fallbackName: `${kind.templateName}.xlsx` } as never),
  });
  const downloadRejected = useMutation({
    mutationFn: (previewId: string) =>
      saveDownload(routes.importRejected, { params: { previewId }, fallbackName: 'rejected-rows.xlsx' }),
  });

  const start = async () => {
    if (!preview) return;
    // An invalid field shows its message beside it; nothing starts.
    const values = kind.initialPassword ? await form.validateFields().catch(() => null) : undefined;
    if (values === null) return;
    const go = () =>
      commit.mutate({
        previewId: preview.previewId,
        mode,
        ...(values ? { initialPassword: values.initialPassword } : {}),
      });
    if (preview.rejected > 0) {
      modal.confirm({
        title: tx('confirmTitle'),
        content: tx('confirmSkipRejected', { rejected: preview.rejected, valid: preview.valid }),
        okText: tx('start'),
        onOk: go,
      });
    } else go();
  };

  const close = () => {
    if (commit.isPending) return;
    onClose();
    reset();
  };

  const stepIndex = { upload: 0, check: 1, done: 2 }[step];
  const done = commit.data;
  const applied = progress.data?.done ?? 0;
  const total = preview?.valid ?? 0;

  return (
    <Modal
      open={open}
      title={kind.title}
      width={820}
      onCancel={close}
      maskClosable={false}
      closable={!commit.isPending}
      destroyOnHidden
      footer={
        step === 'upload' ? (
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={!file}
              loading={check.isPending}
              onClick={() => file && check.mutate(file)}
            >
              {tx('check')}
            </Button>
          </Space>
        ) : step === 'check' ? (
          <Space>
            <Button disabled={commit.isPending} onClick={reset}>
              {tx('again')}
            </Button>
            <Button disabled={commit.isPending} onClick={close}>
              {tx('stop')}
            </Button>
            <Button type="primary" disabled={!preview?.valid} loading={commit.isPending} onClick={() => void start()}>
              {tx('start')}
            </Button>
          </Space>
        ) : (
          <Button type="primary" onClick={close}>
            {tx('finish')}
          </Button>
        )
      }
    >
      <Steps
        size="small"
        current={stepIndex}
        style={{ marginBottom: 16 }}
        items={[{ title: tx('stepUpload') }, { title: tx('stepCheck') }, { title: tx('stepDone') }]}
      />
      {step === 'upload' && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            message={tx('hint', { rows: IMPORT_MAX_ROWS.toLocaleString(), mib: IMPORT_MAX_BYTES / 1024 / 1024 })}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined aria-hidden />}
                loading={downloadTemplate.isPending}
                onClick={() => downloadTemplate.mutate()}
              >
                {tx('template')}
              </Button>
            }
          />
          <Upload.Dragger
            accept=".xlsx,.csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{tx('drop')}</p>
            <p className="ant-upload-hint">{tx('dropHint')}</p>
          </Upload.Dragger>
        </Space>
      )}
      {step === 'check' && preview && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type={preview.rejected > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="import-summary"
            message={tx('summary', {
              total: preview.total,
              valid: preview.valid,
              existing: preview.existing,
              rejected: preview.rejected,
            })}
            action={
              preview.rejected > 0 ? (
                <Button
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  loading={downloadRejected.isPending}
                  onClick={() => downloadRejected.mutate(preview.previewId)}
                >
                  {tx('downloadRejected')}
                </Button>
              ) : undefined
            }
          />
          {preview.errors.length > 0 && (
            <Table
              size="small"
              aria-label={tx('errorsLabel')}
              rowKey={(e) => `${e.row}:${e.field}`}
              dataSource={preview.errors}
              pagination={{ pageSize: 8, showSizeChanger: false, size: 'small' }}
              columns={[
                { title: tx('colRow'), dataIndex: 'row', width: 80 },
                {
                  title: tx('colField'),
                  dataIndex: 'field',
                  width: 140,
                  render: (field: string) => kind.columnLabels[field] ?? field,
                },
                { title: tx('colMessage'), dataIndex: 'message', ellipsis: { showTitle: true } },
              ]}
            />
          )}
          <Form form={form} layout="vertical" disabled={commit.isPending} requiredMark>
            <Form.Item label={tx('mode')}>
              <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as ImportMode)}>
                <Radio value="insert">{tx('modeInsert', { existing: preview.existing })}</Radio>
                <Radio value="upsert">{tx('modeUpsert', { existing: preview.existing })}</Radio>
              </Radio.Group>
            </Form.Item>
            {kind.initialPassword && (
              <Form.Item
                name="initialPassword"
                label={tx('initialPassword')}
                extra={tx('initialPasswordHint')}
                rules={[
                  { required: true, message: tx('initialPasswordRequired') },
                  { min: 8, message: tx('initialPasswordShort') },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={128} style={{ maxWidth: 320 }} />
              </Form.Item>
            )}
          </Form>
          {commit.isPending && (
            <div data-testid="import-progress">
              <Typography.Text type="secondary">{tx('running', { done: applied, total })}</Typography.Text>
              <Progress percent={total ? Math.floor((applied / total) * 100) : 0} status="active" />
            </div>
          )}
        </Space>
      )}
      {step === 'done' && done && (
        <Result
          status={preview && preview.rejected > 0 ? 'warning' : 'success'}
          title={tx('doneTitle')}
          subTitle={
            preview && preview.rejected > 0
              ? `${tx('doneSummary', done)}；${tx('doneRejected', { rejected: preview.rejected })}`
              : tx('doneSummary', done)
          }
          extra={
            preview && preview.rejected > 0 ? (
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={downloadRejected.isPending}
                onClick={() => downloadRejected.mutate(preview.previewId)}
              >
                {tx('downloadRejected')}
              </Button>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}
