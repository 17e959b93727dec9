import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { PrintRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import { COMMON_NS, DataTable, DeleteDialog, errorKey, useListResult, useTableQuery, type RowId } from '@ptt/ui';
import { NS, useCan, usePatrolAllNodesQuery, usePatrolAllTasksQuery } from '../core';
import { NODE_PAGE_SIZE, usePatrolNodeDeleteMutation, usePatrolNodeUpdateMutation, usePatrolNodesQuery, type NodeFilters } from './api';
import { nodeColumns } from './columns';
import type { NodeAction } from './NodeActions';
import { NodeDialog } from './NodeDialog';
import { NodeMap } from './NodeMap';
import { QrSheet } from './QrSheet';

type Notice = { intent: 'success' | 'error'; text: string } | null;
type Editing = { node: PatrolNode | null } | null;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // The map stays beside the table on a 1366 px screen; below it goes under the table.
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 440px)', gap: tokens.spacingHorizontalL, alignItems: 'start', '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** /main/patrol/node: the checkpoints beside a map of them all, their editor and the QR sheet. */
export function NodePage() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'node' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  const { query, setQuery, setFilter } = useTableQuery<NodeFilters>({ page: 1, size: NODE_PAGE_SIZE, sort: 'name', order: 'asc', filters: { q: '', enabled: '', taskId: '' } });
  const result = usePatrolNodesQuery(query);
  const list = useListResult(result);
  const all = usePatrolAllNodesQuery().data?.items;
  const tasks = usePatrolAllTasksQuery().data?.items;
  const [update] = usePatrolNodeUpdateMutation();
  const [remove] = usePatrolNodeDeleteMutation();
  const canManage = useCan('patrol.manage');
  const [shownId, setShownId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PatrolNode | null>(null);
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [printing, setPrinting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const columns = useMemo(() => {
    const onAction = (action: NodeAction, node: PatrolNode) => {
      setNotice(null);
      if (action === 'edit') return setEditing({ node });
      if (action === 'delete') return setDeleting(node);
      const enabled = action === 'enable';
      update({ id: node.id, body: { enabled } })
        .unwrap()
        .then(
          () => setNotice({ intent: 'success', text: t(enabled ? 'done.enabled' : 'done.disabled', { name: node.name }) }),
          (e: unknown) => setNotice({ intent: 'error', text: i18n.t(errorKey(e), { ns: COMMON_NS }) }),
        );
    };
    return nodeColumns({ t, tc, shownId, onShow: (n) => setShownId(n.id), canManage, onAction });
  }, [t, tc, i18n, shownId, canManage, update]);

  // The sheet prints what is selected on any page: the names and codes come from the whole list.
  const printed = (all ?? result.data?.items ?? []).filter((n) => selected.has(n.id));

  return (
    <section aria-labelledby="patrol-node-title" className={styles.page}>
      <Title1 as="h1" block id="patrol-node-title">
        {t('title')}
      </Title1>
      <Text>{t('intro')}</Text>
      <div role="status">
        {notice && (
          <MessageBar intent={notice.intent}>
            <MessageBarBody>{notice.text}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={styles.body}>
        <DataTable
          label={t('listLabel')}
          columns={columns}
          {...list}
          rowId={(n) => n.id}
          rowTestId={(n) => `node-${n.id}`}
          rowData={(n) => ({ 'data-enabled': String(n.enabled) })}
          query={query}
          onQueryChange={setQuery}
          emptyText={t('empty')}
          columnsKey="patrol-nodes"
          pageSizeChoice
          selection={{ selected, onChange: setSelected }}
          batchActions={
            <Button icon={<PrintRegular />} disabled={printed.length === 0} onClick={() => setPrinting(true)}>
              {t('printQr')}
            </Button>
          }
          toolbar={
            <>
              <Field label={t('search')}>
                <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
              </Field>
              <Field label={t('enabledFilter')}>
                <Select value={query.filters.enabled} onChange={(_e, d) => setFilter('enabled', d.value)}>
                  <option value="">{t('all')}</option>
                  <option value="true">{tc('state.enabled')}</option>
                  <option value="false">{tc('state.disabled')}</option>
                </Select>
              </Field>
              <Field label={t('taskFilter')}>
                <Select value={query.filters.taskId} onChange={(_e, d) => setFilter('taskId', d.value)}>
                  <option value="">{t('all')}</option>
                  {(tasks ?? []).map((task) => (
                    <option key={task.id} value={String(task.id)}>
                      {task.name}
                    </option>
                  ))}
                </Select>
              </Field>
              {canManage && (
                <Button appearance="primary" onClick={() => setEditing({ node: null })}>
                  {t('add')}
                </Button>
              )}
            </>
          }
        />
        <NodeMap nodes={all ?? []} selectedId={shownId} onSelect={(n) => setShownId(n.id)} />
      </div>
      {editing && (
        <NodeDialog
          stored={editing.node}
          onClose={() => setEditing(null)}
          onDone={(kind, name) => {
            setEditing(null);
            setNotice({ intent: 'success', text: t(`done.${kind}`, { name }) });
          }}
        />
      )}
      {deleting && (
        // A node on a task's route is refused (rule.patrolNodeInUse); the dialog shows why.
        <DeleteDialog
          title={t('delete.title')}
          text={t('delete.text', { name: deleting.name })}
          confirmLabel={t('delete.confirm')}
          remove={() => remove(deleting.id).unwrap()}
          onClose={() => setDeleting(null)}
          onDone={() => {
            setNotice({ intent: 'success', text: t('done.deleted', { name: deleting.name }) });
            setSelected((s) => {
              const next = new Set(s);
              next.delete(deleting.id);
              return next;
            });
            setDeleting(null);
          }}
        />
      )}
      {printing && <QrSheet nodes={printed} onClose={() => setPrinting(false)} />}
    </section>
  );
}
