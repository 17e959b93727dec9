import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Text, Title1 } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@ptt/contracts';
import { COMMON_NS, DataTable, errorKey, useListResult, useTableQuery } from '@ptt/ui';
import { AssignWizardButton } from '../assign';
import { NS, useCan } from '../core';
import { CHANNEL_PAGE_SIZE, CHANNEL_STATES, useChannelPageQuery, useSetChannelEnabledMutation, type ChannelFilters } from './api';
import { AddChannelDialog } from './components/AddChannelDialog';
import { AddMembersDialog } from './components/AddMembersDialog';
import { channelColumns, type ChannelAction } from './components/channelColumns';
import { DeleteChannelDialog } from './components/DeleteChannelDialog';
import { DisbandChannelDialog } from './components/DisbandChannelDialog';
import { EditChannelDialog } from './components/EditChannelDialog';
import { MembersDialog } from './components/MembersDialog';

type DialogAction = Exclude<ChannelAction, 'suspend' | 'resume'>;
type Open = { kind: 'create' } | { kind: DialogAction; channel: Channel } | null;
type Notice = { intent: 'success' | 'error'; text: string } | null;

/** The actions the role may take; the rest are not offered (the server refuses them anyway). */
function useAllowed(): Set<ChannelAction> {
  const members = useCan('channel.members.manage');
  const update = useCan('channel.update');
  const suspend = useCan('channel.suspend');
  const disband = useCan('channel.disband');
  const remove = useCan('channel.delete');
  return useMemo(() => {
    const allowed = new Set<ChannelAction>(['members']);
    if (members) allowed.add('addMembers');
    if (update) allowed.add('edit');
    if (suspend) (['suspend', 'resume'] as const).forEach((a) => allowed.add(a));
    if (disband) allowed.add('disband');
    if (remove) allowed.add('delete');
    return allowed;
  }, [members, update, suspend, disband, remove]);
}

/** /main/channelManagement: the organisation's channels, their state and their members. */
export function ChannelsPage() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'channels' });
  const { query, setQuery, setFilter } = useTableQuery<ChannelFilters>({ page: 1, size: CHANNEL_PAGE_SIZE, sort: 'id', order: 'asc', filters: { q: '', state: '' } });
  const list = useListResult(useChannelPageQuery(query));
  const [setEnabled] = useSetChannelEnabledMutation();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const allowed = useAllowed();
  const canCreate = useCan('channel.create');
  const canImport = useCan('channel.import');

  const columns = useMemo(() => {
    const act = (action: ChannelAction, channel: Channel) => {
      setNotice(null);
      if (action !== 'suspend' && action !== 'resume') return setOpen({ kind: action, channel });
      // Suspending or resuming is undone by the other button: no question first.
      setEnabled({ id: channel.id, enabled: action === 'resume' })
        .unwrap()
        .then(
          () => setNotice({ intent: 'success', text: t(action === 'resume' ? 'done.resumed' : 'done.suspended', { name: channel.name }) }),
          (e: unknown) => setNotice({ intent: 'error', text: i18n.t(errorKey(e), { ns: COMMON_NS }) }),
        );
    };
    return channelColumns(t, i18n.language, allowed, act);
  }, [t, i18n, allowed, setEnabled]);

  const finish = (text: string) => {
    setOpen(null);
    setNotice({ intent: 'success', text });
  };

  return (
    <section aria-labelledby="channels-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1 as="h1" block id="channels-title">
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
        rowId={(c) => c.id}
        rowTestId={(c) => `channel-${c.id}`}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('empty')}
        columnsKey="channels"
        pageSizeChoice
        toolbar={
          <>
            <Field label={t('search')}>
              <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
            </Field>
            <Field label={t('stateFilter')}>
              <Select value={query.filters.state} onChange={(_e, d) => setFilter('state', d.value)}>
                <option value="">{t('stateAll')}</option>
                {CHANNEL_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`state.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {canCreate && (
              <Button appearance="primary" onClick={() => setOpen({ kind: 'create' })}>
                {t('add')}
              </Button>
            )}
            {canImport && <AssignWizardButton />}
          </>
        }
      />
      {open?.kind === 'create' && <AddChannelDialog onClose={() => setOpen(null)} onCreated={(c) => finish(t('done.created', { name: c.name }))} />}
      {open?.kind === 'edit' && <EditChannelDialog channel={open.channel} onClose={() => setOpen(null)} onSaved={(name) => finish(t('done.saved', { name }))} />}
      {open?.kind === 'members' && <MembersDialog channel={open.channel} onClose={() => setOpen(null)} />}
      {open?.kind === 'addMembers' && (
        <AddMembersDialog
          channel={open.channel}
          onClose={() => setOpen(null)}
          onAdded={(added) => finish(t('done.membersAdded', { count: added.length, name: open.channel.name }))}
        />
      )}
      {open?.kind === 'disband' && <DisbandChannelDialog channel={open.channel} onClose={() => setOpen(null)} onDone={() => finish(t('done.disbanded', { name: open.channel.name }))} />}
      {open?.kind === 'delete' && <DeleteChannelDialog channel={open.channel} onClose={() => setOpen(null)} onDone={() => finish(t('done.deleted', { name: open.channel.name }))} />}
    </section>
  );
}
