import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Text, Title1 } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUSES, type Notice } from '@ptt/contracts';
import { DataTable, addRemoteStrings, useListResult, useTableQuery } from '@ptt/ui';
import { NOTICE_PAGE_SIZE, useNoticesQuery, type NoticeFilters } from './api';
import { DeleteNoticeDialog } from './components/DeleteNoticeDialog';
import { NoticeEditorDialog } from './components/NoticeEditorDialog';
import { noticeColumns, type NoticeAction } from './components/noticeColumns';
import { RecipientsDialog } from './components/RecipientsDialog';
import { SendNoticeDialog } from './components/SendNoticeDialog';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** The open dialog: writing a new notice, or an action on one row. */
type Open = { kind: 'create' } | { kind: NoticeAction; notice: Notice } | null;

/** /main/newPage: the enterprise's notices, drafts and sent ones, and what to do with each. */
export function NoticesPage() {
  const { t, i18n } = useTranslation(NS);
  const { query, setQuery, setFilter } = useTableQuery<NoticeFilters>({
    page: 1,
    size: NOTICE_PAGE_SIZE,
    sort: 'id',
    order: 'desc',
    filters: { q: '', status: '' },
  });
  const list = useListResult(useNoticesQuery(query));
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const columns = useMemo(() => noticeColumns(t, i18n.language, (kind, notice) => setOpen({ kind, notice })), [t, i18n.language]);

  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };

  return (
    <section aria-labelledby="notices-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1 as="h1" block id="notices-title">
        {t('title')}
      </Title1>
      <Text>{t('intro')}</Text>
      <div role="status">
        {done && (
          <MessageBar intent="success">
            <MessageBarBody>{done}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <DataTable
        label={t('listLabel')}
        columns={columns}
        {...list}
        rowId={(n) => n.id}
        rowTestId={(n) => `notice-${n.id}`}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('empty')}
        columnsKey="notices"
        toolbar={
          <>
            <Field label={t('search')}>
              <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
            </Field>
            <Field label={t('statusFilter')}>
              <Select value={query.filters.status} onChange={(_e, d) => setFilter('status', d.value)}>
                <option value="">{t('statusAll')}</option>
                {NOTICE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button appearance="primary" onClick={() => setOpen({ kind: 'create' })}>
              {t('newNotice')}
            </Button>
          </>
        }
      />
      {open?.kind === 'create' && <NoticeEditorDialog notice={null} onClose={() => setOpen(null)} onSaved={() => finish(t('editor.saved'))} />}
      {open?.kind === 'edit' && <NoticeEditorDialog notice={open.notice} onClose={() => setOpen(null)} onSaved={() => finish(t('editor.saved'))} />}
      {open?.kind === 'send' && (
        <SendNoticeDialog notice={open.notice} onClose={() => setOpen(null)} onSent={(n) => finish(t('send.sent', { count: n.recipientCount }))} />
      )}
      {open?.kind === 'recipients' && <RecipientsDialog notice={open.notice} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && <DeleteNoticeDialog notice={open.notice} onClose={() => setOpen(null)} onDeleted={() => finish(t('remove.done'))} />}
    </section>
  );
}
