import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FENCE_RULES, type Fence } from '@ptt/contracts';
import { COMMON_NS, DataTable, DeleteDialog, errorKey, useListResult, useTableQuery } from '@ptt/ui';
import { FENCE_PAGE_SIZE, NS, useCan, useDeleteFenceMutation, useFencePageQuery, useSetFenceEnabledMutation, type FenceFilters } from '../core';
import { fenceColumns } from './columns';
import type { FenceAction } from './FenceActions';
import { FencePreview } from './FencePreview';

type Notice = { intent: 'success' | 'error'; text: string } | null;

/** What the editor hands back when it returns to the list (router state). */
export interface ListNotice {
  notice: { kind: 'created' | 'saved'; name: string };
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // The preview stays beside the table on a 1366 px screen; below it goes under the table.
  body: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(280px, 360px)', gap: tokens.spacingHorizontalL, alignItems: 'start', '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** /main/fenceManagement: the organisation's fences, their state and links, one shown on a map. */
export function FenceListPage() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'list' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const { query, setQuery, setFilter } = useTableQuery<FenceFilters>({ page: 1, size: FENCE_PAGE_SIZE, sort: 'id', order: 'asc', filters: { q: '', enabled: '', rule: '' } });
  const result = useFencePageQuery(query);
  const list = useListResult(result);
  const [setEnabled] = useSetFenceEnabledMutation();
  const [remove] = useDeleteFenceMutation();
  const canManage = useCan('fence.manage');
  const [previewedId, setPreviewedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Fence | null>(null);
  const back = (location.state as Partial<ListNotice> | null)?.notice;
  const [notice, setNotice] = useState<Notice>(back ? { intent: 'success', text: t(`done.${back.kind}`, { name: back.name }) } : null);
  // Said once: a reload or coming back later does not repeat it.
  useEffect(() => {
    if (back) void navigate('.', { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The chosen fence while it is on the page; else the first row, so the map is never empty for nothing.
  const rows = result.data?.items;
  const previewed = rows?.find((f) => f.id === previewedId) ?? rows?.[0] ?? null;

  const columns = useMemo(() => {
    const onAction = (action: FenceAction, fence: Fence) => {
      setNotice(null);
      if (action === 'edit') return void navigate(`edit/${fence.id}`);
      if (action === 'delete') return setDeleting(fence);
      // Enabling and disabling undo each other: no question first.
      const enabled = action === 'enable';
      setEnabled({ id: fence.id, enabled })
        .unwrap()
        .then(
          () => setNotice({ intent: 'success', text: t(enabled ? 'done.enabled' : 'done.disabled', { name: fence.name }) }),
          (e: unknown) => setNotice({ intent: 'error', text: i18n.t(errorKey(e), { ns: COMMON_NS }) }),
        );
    };
    return fenceColumns({ t, tc, language: i18n.language, previewedId: previewed?.id ?? null, onPreview: (f) => setPreviewedId(f.id), canManage, onAction });
  }, [t, tc, i18n, previewed?.id, canManage, navigate, setEnabled]);

  return (
    <section aria-labelledby="fences-title" className={styles.page}>
      <Title1 as="h1" block id="fences-title">
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
          rowId={(f) => f.id}
          rowTestId={(f) => `fence-${f.id}`}
          rowData={(f) => ({ 'data-enabled': String(f.enabled) })}
          query={query}
          onQueryChange={setQuery}
          emptyText={t('empty')}
          columnsKey="fences"
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
              <Field label={t('ruleFilter')}>
                <Select value={query.filters.rule} onChange={(_e, d) => setFilter('rule', d.value)}>
                  <option value="">{t('all')}</option>
                  {FENCE_RULES.map((r) => (
                    <option key={r} value={r}>
                      {tc(`rule.${r}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {canManage && (
                <Button appearance="primary" onClick={() => void navigate('edit/new')}>
                  {t('add')}
                </Button>
              )}
            </>
          }
        />
        <FencePreview fence={previewed} />
      </div>
      {deleting && (
        // The fence's alert records stay (ADR 007) and its name becomes free.
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
