import { crudRouteTitle, crudSorts } from '@gatehouse/contract';
import { App, Button, Space, Tag } from 'antd';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Can } from '@/components/can';
import {
  type FilterCodecs,
  type ListColumn,
  ListPage,
  ScopedSearchBox,
  type SearchFieldSpec,
  useActionsColumn,
  useBulkAction,
  useListMutation,
  useListQuery,
  useRowSelection,
} from '@/components/list-kit';
import {
  type AnyEntity,
  type CrudListQuery,
  type CrudRow,
  type CrudTarget,
  crudApi,
  crudKeys,
  crudRoute,
  crudTarget,
} from '@/features/entity-crud/api/crud.api';
import {
  choiceFilters,
  exportColumns,
  fieldColumns,
  filterCodecsOf,
  fromScopedFilters,
  KEYWORD,
  type SearchScope,
  searchBoxWords,
  searchScopes,
  sheetHeaders,
  textFilters,
  timeSorts,
  toScopedFilters,
} from '@/lib/entity';
import { formatDateTime } from '@/lib/format/date';
import { currentLocale, t } from '@/lib/i18n';
import { useCan } from '@/stores/session';
import { tx } from '../texts';
import type { CrudDialogTarget } from './CrudDialog';

/** The add/edit dialog: a chunk of its own, fetched when it first opens rather than with the list. */
const CrudDialog = lazy(() => import('./CrudDialog').then((m) => ({ default: m.CrudDialog })));
/** 导入 (components/import-wizard): a chunk of its own, fetched when it first opens. */
const ImportWizard = lazy(() => import('@/components/import-wizard').then((m) => ({ default: m.ImportWizard })));

type Filters = Record<string, unknown>;
type Column = ListColumn<CrudRow, string>;
const rowId = (row: CrudRow) => row.id;

/** What one row is called in the page's language: `one` in a sentence (岗位 / post), `many` its English plural. */
function wordsOf({ crud }: CrudTarget) {
  const locale = currentLocale();
  const one = locale === 'zh-CN' ? crud.title['zh-CN'] : crud.title['en-US'].toLowerCase();
  return { one, many: locale === 'zh-CN' ? one : `${one}s` };
}

/**
 * The search form from the fields' filters: the one search box over the keyword (when any field is searched) and
 * each text filter (contains, prefix, exact) as its scopes, then 启用/禁用 for a state and the date range of a time.
 * A field is never searched by two boxes.
 */
function searchFields(entity: AnyEntity, scopes: readonly SearchScope[]): SearchFieldSpec<Filters>[] {
  const fields: SearchFieldSpec<Filters>[] = [];
  if (scopes.length) {
    const words = searchBoxWords();
    fields.push({
      kind: 'custom',
      name: KEYWORD,
      label: words.label,
      render: (control) => <ScopedSearchBox {...control} scopes={scopes} scopeLabel={words.scope} />,
    });
  }
  for (const choice of choiceFilters(entity)) {
    if (choice.kind === 'state') {
      const options = [
        { label: t('common.enabled'), value: 1 },
        { label: t('common.disabled'), value: 0 },
      ];
      fields.push({ kind: 'select', name: choice.key, label: choice.label, options, width: 120 });
    } else {
      fields.push({ kind: 'dateRange', names: choice.names, label: choice.label, width: 260 });
    }
  }
  return fields;
}

/**
 * The list's columns from the fields with a `list` (lib/entity fieldColumns: label, width, hidden by default, sorted
 * on the server), each field's cells as its codec answers it: the row's state as 启用 / 禁用, another flag as a tag
 * naming the field while set, a time formatted. Each column with the field it shows (the export's columns).
 */
function crudColumns({ entity, crud }: CrudTarget): Array<{ column: Column; field: string }> {
  return fieldColumns(entity, { sorts: crudSorts(entity) }).map(({ field, ...declared }) => {
    const codec = entity.fields[field]?.codec;
    if (codec === 'flag') {
      const shown = (on: boolean) =>
        field === crud.state ? (
          <Tag color={on ? 'green' : 'red'}>{t(on ? 'common.enabled' : 'common.disabled')}</Tag>
        ) : on ? (
          <Tag color="green">{declared.title}</Tag>
        ) : null;
      const column: Column = {
        ...declared,
        align: 'center',
        ellipsis: false,
        render: (value: unknown) => shown(value === true),
      };
      return { column, field };
    }
    if (codec === 'time')
      return { column: { ...declared, render: (value: number | null) => formatDateTime(value) }, field };
    return { column: declared, field };
  });
}

/**
 * The screen of a descriptor-served entity (the contract's CRUDS), derived from its descriptor and spec: the list
 * kit over its list route with the fields' columns, filters and sorts; 添加 and 修改 in a dialog of its writable
 * fields; 删除; bulk 启用 / 禁用 / 删除; export of the visible columns; import through the import wizard.
 */
function CrudPage({ target }: { target: CrudTarget }) {
  const { entity, crud } = target;
  const api = crudApi(crud);
  const keys = crudKeys(crud);
  const words = wordsOf(target);
  const list = useListQuery<CrudListQuery, CrudRow>({
    queryKey: keys.all,
    filters: filterCodecsOf(entity) as FilterCodecs<CrudListQuery>,
    sorts: crudSorts(entity),
    fetchPage: api.list,
  });
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<CrudDialogTarget | null>(null);
  // Mounted from its first opening on, so later closings still animate.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (dialog && !dialogMounted) setDialogMounted(true);
  const [importing, setImporting] = useState(false);
  const [importMounted, setImportMounted] = useState(false);
  if (importing && !importMounted) setImportMounted(true);

  const route = (role: Parameters<typeof crudRoute>[1]) => crudRoute(crud, role);
  const mayBulkDelete = useCan(route('batchDelete'));
  const mayBulkState = useCan(...(crud.state ? [route('batchState')] : [])) && crud.state !== undefined;
  const mayExport = useCan(route('exportRows'));

  /** A row as confirmations and messages name it: 总经理（ceo）. */
  const nameOf = (row: CrudRow) => {
    const name = String(row[crud.label] ?? row.id);
    return crud.key === crud.label ? name : `${name}（${String(row[crud.key] ?? '')}）`;
  };
  const selection = useRowSelection(rowId);
  const bulk = { selection, nameOf, queryKey: keys.all };
  const bulkDelete = useBulkAction({
    ...bulk,
    mutationFn: api.batchDelete,
    action: 'list.actionDelete',
    confirm: (count) => tx('bulkDeleteConfirm', { count, ...words }),
    danger: true,
  });
  const bulkEnable = useBulkAction({
    ...bulk,
    mutationFn: (ids) => api.batchState(ids, true),
    action: 'list.actionEnable',
    confirm: (count) => tx('bulkEnableConfirm', { count, ...words }),
  });
  const bulkDisable = useBulkAction({
    ...bulk,
    mutationFn: (ids) => api.batchState(ids, false),
    action: 'list.actionDisable',
    confirm: (count) => tx('bulkDisableConfirm', { count, ...words }),
    danger: true,
  });
  const removal = useListMutation({
    mutationFn: (row: CrudRow) => api.remove(row.id),
    queryKey: keys.all,
    success: 'common.deleted',
  });
  const remove = (row: CrudRow) =>
    modal.confirm({
      title: tx('deleteConfirm', { ...words, name: nameOf(row) }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal has been toasted by the http client; the dialog closes either way.
      onOk: () => removal.run(row),
    });

  const actionsColumn = useActionsColumn<CrudRow>({
    title: tx('colActions'),
    actions: [
      { key: 'edit', label: t('common.edit'), routes: route('update'), onClick: (row) => setDialog({ row }) },
      { key: 'delete', label: t('common.delete'), routes: route('remove'), danger: true, onClick: remove },
    ],
  });
  const listed = crudColumns(target);
  const columns = listed.map(({ column }) => column);
  if (actionsColumn) columns.push(actionsColumn);
  // An export writes the visible columns of the sheet (a listed field with a sheet column, under its key).
  const exported = exportColumns(
    entity,
    listed.map(({ column, field }) => ({ key: column.key, field })),
  );
  // The one search box's scopes: 全部 (the keyword) and each text filter. The form shows the box's scope and text;
  // 查询 applies the text under its scope's parameter.
  const scopes = searchScopes(entity, textFilters(entity));
  const searchList = {
    ...list,
    filters: toScopedFilters(list.filters, scopes) as typeof list.filters,
    search: (filters: typeof list.filters) => list.search(fromScopedFilters(filters, scopes) as typeof list.filters),
  };

  return (
    <>
      <ListPage<CrudListQuery, CrudRow>
        list={searchList}
        table={`crud.${crud.name}`}
        label={crudRouteTitle(crud, 'list', currentLocale())}
        totalTestId="crud-total"
        rowKey={rowId}
        columns={columns}
        timeSorts={timeSorts(entity)}
        defaultSort={crud.sort}
        actions={
          <>
            <Can routes={[route('previewImport'), route('commitImport')]}>
              <Button onClick={() => setImporting(true)}>{tx('import')}</Button>
            </Can>
            <Can routes={route('create')}>
              <Button type="primary" onClick={() => setDialog({})}>
                {t('common.add')}
              </Button>
            </Can>
          </>
        }
        search={{ id: `${crud.name}Search`, fields: searchFields(entity, scopes) }}
        exporter={
          mayExport ? { route: route('exportRows'), fallbackName: `${crud.name}s`, columns: exported } : undefined
        }
        selection={
          mayBulkDelete || mayBulkState
            ? {
                state: selection,
                nameOf,
                actions: (
                  <Space size={4}>
                    {mayBulkState && (
                      <>
                        <Button size="small" loading={bulkEnable.isPending} onClick={bulkEnable.run}>
                          {tx('bulkEnable')}
                        </Button>
                        <Button size="small" loading={bulkDisable.isPending} onClick={bulkDisable.run}>
                          {tx('bulkDisable')}
                        </Button>
                      </>
                    )}
                    {mayBulkDelete && (
                      <Button size="small" danger loading={bulkDelete.isPending} onClick={bulkDelete.run}>
                        {tx('bulkDelete')}
                      </Button>
                    )}
                  </Space>
                ),
              }
            : undefined
        }
      />
      {dialogMounted && (
        <Suspense fallback={null}>
          <CrudDialog target={target} shown={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {importMounted && (
        <Suspense fallback={null}>
          <ImportWizard
            open={importing}
            onClose={() => setImporting(false)}
            kind={{
              title: tx('importTitle', words),
              template: route('importTemplate'),
              templateName: `${crud.name.toLowerCase()}-import-template`,
              preview: route('previewImport'),
              commit: route('commitImport'),
              queryKey: keys.all,
              columnLabels: sheetHeaders(entity),
            }}
          />
        </Suspense>
      )}
    </>
  );
}

const screens = new Map<string, ComponentType>();

/** The screen of the entity named `name` (the spec's `name`), one component per entity. */
export function crudScreen(name: string): ComponentType {
  const known = screens.get(name);
  if (known) return known;
  const target = crudTarget(name);
  const Screen = () => <CrudPage target={target} />;
  Screen.displayName = `CrudPage(${name})`;
  screens.set(name, Screen);
  return Screen;
}
