import { Button, Text } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@ptt/contracts';
import { COMMON_NS, DataTable, DialogFrame, errorKey, type DataColumn, type TableQuery } from '@ptt/ui';
import { NS } from '../../core';
import { useBlacklistAddMutation, useBlacklistQuery, useBlacklistRemoveMutation, type BlacklistEntry } from '../api';
import { UserPicker } from './UserPicker';

interface Props {
  user: UserSummary;
  onClose: () => void;
}

// A blacklist is short and comes whole: one page.
const ONE_PAGE: TableQuery = { page: 1, size: 1000, filters: {} };
const ignore = () => undefined;

/** Who a user has blocked: add someone (searched), remove someone; a refusal shows on top. */
export function BlacklistDialog({ user, onClose }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'users' });
  const { t: common } = useTranslation(COMMON_NS);
  const list = useBlacklistQuery(user.id);
  const [add, adding] = useBlacklistAddMutation();
  const [remove, removing] = useBlacklistRemoveMutation();
  const [picked, setPicked] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = adding.isLoading || removing.isLoading;

  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (e) {
      setFailure(common(errorKey(e)));
    }
  };

  const columns = useMemo(
    (): DataColumn<BlacklistEntry>[] => [
      { id: 'account', header: t('blacklist.account'), cell: (b) => b.account, required: true },
      { id: 'nickname', header: t('blacklist.nickname'), cell: (b) => b.nickname },
      { id: 'since', header: t('blacklist.since'), cell: (b) => new Date(b.createdAt).toLocaleString(i18n.language) },
      {
        id: 'remove',
        header: t('blacklist.remove'),
        required: true,
        cell: (b) => (
          <Button
            size="small"
            aria-label={t('blacklist.removeLabel', { name: b.nickname })}
            disabled={busy}
            onClick={() => void run(() => remove({ id: user.id, blockedId: b.userId }).unwrap())}
          >
            {t('blacklist.remove')}
          </Button>
        ),
      },
    ],
    // run and remove change every render; busy and the user are what the buttons depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, busy, user.id],
  );

  return (
    <DialogFrame
      title={t('blacklist.title', { name: user.nickname })}
      wide
      locked={busy}
      onClose={onClose}
      failure={failure}
      actions={
        <Button appearance="primary" onClick={onClose}>
          {common('kit.close')}
        </Button>
      }
    >
      <Text>{t('blacklist.intro', { name: user.nickname })}</Text>
      <div style={{ display: 'flex', alignItems: 'end', gap: 12 }}>
        <UserPicker label={t('blacklist.pick')} exclude={user.id} onPick={setPicked} />
        <Button disabled={picked === null || busy} onClick={() => picked !== null && void run(() => add({ id: user.id, userId: picked }).unwrap())}>
          {t('blacklist.add')}
        </Button>
      </div>
      <DataTable
        label={t('blacklist.listLabel')}
        columns={columns}
        rows={list.data}
        total={list.data?.length ?? 0}
        rowId={(b) => b.userId}
        rowTestId={(b) => `blocked-${b.userId}`}
        query={ONE_PAGE}
        onQueryChange={ignore}
        loading={list.isFetching}
        error={list.error ? common(errorKey(list.error)) : null}
        onRetry={() => void list.refetch()}
        emptyText={t('blacklist.empty')}
      />
    </DialogFrame>
  );
}
