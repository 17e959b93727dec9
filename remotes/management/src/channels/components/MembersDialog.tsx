import { Button, Field, MessageBar, MessageBarBody, SearchBox } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, ChannelMember } from '@ptt/contracts';
import { COMMON_NS, DataTable, ViewDialog, errorKey, useListResult, useTableQuery } from '@ptt/ui';
import { NS, useCan } from '../../core';
import { MEMBER_PAGE_SIZE, useChannelMemberPageQuery, useUpdateChannelMemberMutation, type MemberFilters } from '../api';
import { AddMembersDialog } from './AddMembersDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { memberColumns, type MemberAction } from './memberColumns';
import { RemoveMemberDialog } from './RemoveMemberDialog';

interface Props {
  channel: Channel;
  onClose: () => void;
}

type Open = { kind: 'add' } | { kind: 'edit' | 'remove'; member: ChannelMember } | null;

/**
 * A channel's members a page at a time, with their role, level, remark and state; staff edit,
 * enable or disable and remove them, and add more.
 */
export function MembersDialog({ channel, onClose }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'channels' });
  const manage = useCan('channel.members.manage') && !channel.disbanded;
  const { query, setQuery, setFilter } = useTableQuery<MemberFilters>({ page: 1, size: MEMBER_PAGE_SIZE, sort: 'role', order: 'desc', filters: { q: '' } });
  const list = useListResult(useChannelMemberPageQuery({ id: channel.id, query }));
  const [update] = useUpdateChannelMemberMutation();
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const columns = useMemo(() => {
    const act = (action: MemberAction, member: ChannelMember) => {
      setFailure(null);
      if (action !== 'toggle') return setOpen({ kind: action, member });
      update({ id: channel.id, userId: member.userId, body: { enabled: !member.enabled } })
        .unwrap()
        .catch((e: unknown) => setFailure(t('members.failed', { name: member.nickname, reason: i18n.t(errorKey(e), { ns: COMMON_NS }) })));
    };
    return memberColumns(t, i18n.language, manage, act);
  }, [t, i18n, manage, update, channel.id]);

  const title = t('members.title', { name: channel.name });
  const back = () => setOpen(null);
  // One dialog at a time: the member list steps aside while one of its own dialogs is open (its
  // page and search stay here), so no dialog sits hidden under another's focus trap.
  if (open?.kind === 'add') return <AddMembersDialog channel={channel} onClose={back} onAdded={back} />;
  if (open?.kind === 'edit') return <EditMemberDialog channelId={channel.id} member={open.member} onClose={back} onSaved={back} />;
  if (open?.kind === 'remove') return <RemoveMemberDialog channel={channel} member={open.member} onClose={back} onDone={back} />;
  return (
    <ViewDialog title={title} onClose={onClose} wide>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <DataTable
        label={t('members.listLabel', { name: channel.name })}
        columns={columns}
        {...list}
        rowId={(m) => m.userId}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('members.empty')}
        columnsKey="channelMembers"
        maxHeight={420}
        toolbar={
          <>
            <Field label={t('members.search')}>
              <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
            </Field>
            {manage && <Button onClick={() => setOpen({ kind: 'add' })}>{t('members.add')}</Button>}
          </>
        }
      />
    </ViewDialog>
  );
}
