import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Title1 } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type Action, type UserSummary } from '@ptt/contracts';
import { COMMON_NS, DataTable, errorKey, useListResult, useTableQuery } from '@ptt/ui';
import { NS, saveFile, useManagement, usePresence } from '../core';
import { NO_FILTERS, USER_PAGE_SIZE, exportUsers, useUserListQuery, type UserFilters } from './api';
import { ChannelFilter } from './ChannelFilter';
import { USER_ACTIONS, statusOf, userColumns, type UserAction } from './columns';
import { AddUserDialog } from './components/AddUserDialog';
import { ImportUsersDialog } from './components/ImportUsersDialog';
import { UserDialogs } from './components/UserDialogs';
import { roleOptions } from './roles';

/** The permission each row action needs (the server checks the same). */
const NEEDS: Record<UserAction, Action> = {
  edit: 'user.update',
  role: 'user.update',
  avatar: 'user.update',
  password: 'user.resetPassword',
  lock: 'user.lock',
  unlock: 'user.lock',
  delete: 'user.delete',
  tags: 'user.tag',
  blacklist: 'user.blacklist',
  details: 'user.read',
  track: 'user.read',
};

type Open = { kind: 'add' } | { kind: 'import' } | { kind: 'row'; action: UserAction; user: UserSummary } | null;

/** /main/userManagement: the organisation's users, live, with every action the role may take. */
export function UsersPage() {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { t: common } = useTranslation(COMMON_NS);
  const { api, session } = useManagement();
  const { query, setQuery, setFilter } = useTableQuery<UserFilters>({ page: 1, size: USER_PAGE_SIZE, sort: 'id', order: 'asc', filters: NO_FILTERS });
  const list = useListResult(useUserListQuery(query));
  const presence = usePresence();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  const mayDo = (action: Action) => session !== null && can(session.role, action);
  const role = session?.role;
  const allowed = useMemo(() => new Set(USER_ACTIONS.filter((a) => role !== undefined && can(role, NEEDS[a]))), [role]);
  const columns = useMemo(
    () => userColumns({ t, common, presence, allowed, onAction: (action, user) => setOpen({ kind: 'row', action, user }) }),
    [t, common, presence, allowed],
  );

  const done = (text: string) => {
    setOpen(null);
    setNotice({ intent: 'success', text });
  };

  const exportAll = async () => {
    setNotice(null);
    try {
      saveFile(await exportUsers(api, query), 'users.xlsx');
      setNotice({ intent: 'success', text: t('export.done') });
    } catch (e) {
      setNotice({ intent: 'error', text: common(errorKey(e)) });
    }
  };

  const select = (name: keyof UserFilters, label: string, options: { value: string; label: string }[]) => (
    <Field label={label}>
      <Select value={query.filters[name]} onChange={(_e, d) => setFilter(name, d.value)}>
        <option value="">{t('filter.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <section aria-labelledby="users-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1 as="h1" block id="users-title">
        {t('title')}
      </Title1>
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
        rowId={(u) => u.id}
        rowTestId={(u) => `user-${u.account}`}
        rowData={(u) => ({ 'data-locked': String(u.locked), 'data-status': statusOf(presence, u) })}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('empty')}
        columnsKey="managementUsers"
        pageSizeChoice
        toolbar={
          <>
            <Field label={t('filter.search')}>
              <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
            </Field>
            {select('role', t('filter.role'), roleOptions(t, true))}
            {select('locked', t('filter.locked'), [
              { value: 'true', label: t('filter.lockedYes') },
              { value: 'false', label: t('filter.lockedNo') },
            ])}
            {select('online', t('filter.online'), [
              { value: 'true', label: t('filter.onlineYes') },
              { value: 'false', label: t('filter.onlineNo') },
            ])}
            <ChannelFilter label={t('filter.channel')} value={query.filters.channelId} onChange={(id) => setFilter('channelId', id)} />
            {mayDo('user.create') && (
              <Button appearance="primary" onClick={() => setOpen({ kind: 'add' })}>
                {t('add.button')}
              </Button>
            )}
            {mayDo('user.import') && <Button onClick={() => setOpen({ kind: 'import' })}>{t('import.button')}</Button>}
            {mayDo('user.export') && <Button onClick={() => void exportAll()}>{t('export.button')}</Button>}
          </>
        }
      />
      {open?.kind === 'add' && <AddUserDialog onClose={() => setOpen(null)} onAdded={(u) => done(t('add.done', { name: u.nickname }))} />}
      {open?.kind === 'import' && <ImportUsersDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'row' && <UserDialogs action={open.action} user={open.user} onClose={() => setOpen(null)} onDone={done} />}
    </section>
  );
}
