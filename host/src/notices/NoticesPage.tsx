import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  SearchBox,
  Select,
  Spinner,
  Text,
  Title1,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUSES, type Notice, type NoticeStatus, type Page } from '@ptt/contracts';
import { addRemoteStrings } from '@ptt/ui';
import { useServices } from '../app/services';
import { NOTICE_PAGE_SIZE, listNotices, type NoticeFilter } from './api';
import { DeleteNoticeDialog } from './components/DeleteNoticeDialog';
import { NoticeEditorDialog } from './components/NoticeEditorDialog';
import { NoticeTable, type NoticeAction } from './components/NoticeTable';
import { RecipientsDialog } from './components/RecipientsDialog';
import { SendNoticeDialog } from './components/SendNoticeDialog';
import { errorText } from './format';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** The open dialog: writing a new notice, or an action on one row. */
type Open = { kind: 'create' } | { kind: NoticeAction; notice: Notice } | null;

/** /main/newPage: the enterprise's notices, drafts and sent ones, and what to do with each. */
export function NoticesPage() {
  const { t } = useTranslation(NS);
  const { api } = useServices();
  const [filter, setFilter] = useState<NoticeFilter>({ page: 1, q: '', status: '' });
  const [data, setData] = useState<Page<Notice> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    listNotices(api, filter, abort.signal).then(
      (page) => {
        // Deleting the last notice of the last page: go to the page before instead of an empty one.
        if (page.items.length === 0 && filter.page > 1) {
          setFilter({ ...filter, page: filter.page - 1 });
          return;
        }
        setData(page);
        setFailure(null);
      },
      (e: unknown) => abort.signal.aborted || setFailure(errorText(t, e)),
    );
    return () => abort.abort();
  }, [api, filter, version, t]);

  const reload = useCallback((message: string | null) => {
    setOpen(null);
    setDone(message);
    setVersion((v) => v + 1);
  }, []);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / NOTICE_PAGE_SIZE));

  return (
    <section aria-labelledby="notices-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1 as="h1" block id="notices-title">
        {t('title')}
      </Title1>
      <Text>{t('intro')}</Text>
      <div style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <Field label={t('search')}>
          <SearchBox value={filter.q} onChange={(_e, d) => setFilter({ ...filter, page: 1, q: d.value })} />
        </Field>
        <Field label={t('statusFilter')}>
          <Select value={filter.status} onChange={(_e, d) => setFilter({ ...filter, page: 1, status: d.value as NoticeStatus | '' })}>
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
      </div>
      <div role="status">
        {done && (
          <MessageBar intent="success">
            <MessageBarBody>{done}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {!data && !failure && <Spinner size="small" label={t('loading')} />}
      {data && data.items.length === 0 && <Text>{t('empty')}</Text>}
      {data && data.items.length > 0 && <NoticeTable notices={data.items} onAction={(kind, notice) => setOpen({ kind, notice })} />}
      {pages > 1 && (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Button disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
            {t('previous')}
          </Button>
          <Text>{t('page', { page: filter.page, pages })}</Text>
          <Button disabled={filter.page >= pages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
            {t('next')}
          </Button>
        </div>
      )}
      {open?.kind === 'create' && <NoticeEditorDialog notice={null} onClose={() => setOpen(null)} onSaved={() => reload(t('editor.saved'))} />}
      {open?.kind === 'edit' && <NoticeEditorDialog notice={open.notice} onClose={() => setOpen(null)} onSaved={() => reload(t('editor.saved'))} />}
      {open?.kind === 'send' && (
        <SendNoticeDialog notice={open.notice} onClose={() => setOpen(null)} onSent={(n) => reload(t('send.sent', { count: n.recipientCount }))} />
      )}
      {open?.kind === 'recipients' && <RecipientsDialog notice={open.notice} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && <DeleteNoticeDialog notice={open.notice} onClose={() => setOpen(null)} onDeleted={() => reload(t('remove.done'))} />}
    </section>
  );
}
