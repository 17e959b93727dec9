import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PatrolTask } from '@ptt/contracts';
import { COMMON_NS, DataTable, DeleteDialog, errorKey, useListResult, useTableQuery } from '@ptt/ui';
import { NS, useCan } from '../core';
import { TASK_PAGE_SIZE, usePatrolTaskDeleteMutation, usePatrolTaskStartMutation, usePatrolTaskUpdateMutation, usePatrolTasksQuery, type TaskFilters } from './api';
import { taskColumns } from './columns';
import { TaskEditPage } from './editor';
import type { TaskAction } from './TaskActions';

type Notice = { intent: 'success' | 'error'; text: string } | null;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * /main/patrol/task: the tours, and their editor at `?edit=new` or `?edit=<id>` (the section's own
 * route: the editor can be linked to and Back returns to the list).
 */
export function TaskPage() {
  const { t } = useTranslation(NS, { keyPrefix: 'task' });
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<Notice>(null);
  const edit = params.get('edit');
  if (edit !== null) {
    return (
      <TaskEditPage
        param={edit}
        onClose={(done) => {
          setNotice(done ? { intent: 'success', text: t(`done.${done.kind}`, { name: done.name }) } : null);
          setParams({});
        }}
      />
    );
  }
  return <TaskList notice={notice} setNotice={setNotice} openEditor={(id) => setParams({ edit: String(id) })} />;
}

interface ListProps {
  notice: Notice;
  setNotice: (n: Notice) => void;
  openEditor: (id: number | 'new') => void;
}

function TaskList({ notice, setNotice, openEditor }: ListProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'task' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  const { query, setQuery, setFilter } = useTableQuery<TaskFilters>({ page: 1, size: TASK_PAGE_SIZE, sort: 'name', order: 'asc', filters: { q: '', enabled: '' } });
  const result = usePatrolTasksQuery(query);
  const list = useListResult(result);
  const [update] = usePatrolTaskUpdateMutation();
  const [start] = usePatrolTaskStartMutation();
  const [remove] = usePatrolTaskDeleteMutation();
  const canManage = useCan('patrol.manage');
  const [deleting, setDeleting] = useState<PatrolTask | null>(null);

  const columns = useMemo(() => {
    const failed = (e: unknown) => setNotice({ intent: 'error', text: i18n.t(errorKey(e), { ns: COMMON_NS }) });
    const onAction = (action: TaskAction, task: PatrolTask) => {
      setNotice(null);
      if (action === 'edit') return openEditor(task.id);
      if (action === 'delete') return setDeleting(task);
      if (action === 'start') {
        return void start(task.id)
          .unwrap()
          .then(() => setNotice({ intent: 'success', text: t('done.started', { name: task.name }) }), failed);
      }
      const enabled = action === 'enable';
      void update({ id: task.id, body: { enabled } })
        .unwrap()
        .then(() => setNotice({ intent: 'success', text: t(enabled ? 'done.enabled' : 'done.disabled', { name: task.name }) }), failed);
    };
    return taskColumns({ t, tc, language: i18n.language, canManage, onAction });
  }, [t, tc, i18n, canManage, update, start, setNotice, openEditor]);

  return (
    <section aria-labelledby="patrol-task-title" className={styles.page}>
      <Title1 as="h1" block id="patrol-task-title">
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
      <DataTable
        label={t('listLabel')}
        columns={columns}
        {...list}
        rowId={(task) => task.id}
        rowTestId={(task) => `task-${task.id}`}
        rowData={(task) => ({ 'data-enabled': String(task.enabled) })}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('empty')}
        columnsKey="patrol-tasks"
        pageSizeChoice
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
            {canManage && (
              <Button appearance="primary" onClick={() => openEditor('new')}>
                {t('add')}
              </Button>
            )}
          </>
        }
      />
      {deleting && (
        <DeleteDialog
          title={t('delete.title')}
          text={t('delete.text', { name: deleting.name })}
          confirmLabel={t('delete.confirm')}
          remove={() => remove(deleting.id).unwrap()}
          onClose={() => setDeleting(null)}
          onDone={() => {
            setNotice({ intent: 'success', text: t('done.deleted', { name: deleting.name }) });
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}
