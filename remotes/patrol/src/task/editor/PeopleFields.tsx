import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS, SearchPicker } from '@ptt/ui';
import { NS } from '../../core';
import { useLazyPatrolTaskChannelOptionsQuery, useLazyPatrolTaskUserOptionsQuery } from '../api';
import type { Picked, TaskForm } from './taskForm';

interface Props {
  users: Picked[];
  channels: Picked[];
  onChange: (next: Pick<TaskForm, 'users' | 'channels'>) => void;
  error?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxHeight: '200px', overflowY: 'auto' },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Who patrols: users and channels, found by typing; saved with the task. */
export function PeopleFields({ users, channels, onChange, error }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.editor.people' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [findUsers] = useLazyPatrolTaskUserOptionsQuery();
  const [findChannels] = useLazyPatrolTaskChannelOptionsQuery();
  const searchUsers = useCallback(async (q: string): Promise<Picked[]> => (await findUsers(q, true).unwrap()).items.map((u) => ({ id: u.id, name: u.nickname, detail: u.account })), [findUsers]);
  const searchChannels = useCallback(
    async (q: string): Promise<Picked[]> => (await findChannels(q, true).unwrap()).items.map((c) => ({ id: c.id, name: c.name, detail: t('channelMembers', { count: c.memberCount }) })),
    [findChannels, t],
  );

  const list = (label: string, rows: Picked[], empty: string, remove: (id: number) => void) =>
    rows.length === 0 ? (
      <Text size={200}>{empty}</Text>
    ) : (
      <ul aria-label={label} className={styles.list}>
        {rows.map((r) => (
          <li key={r.id} className={styles.row}>
            <Text className={styles.name}>{r.detail ? `${r.name} (${r.detail})` : r.name}</Text>
            <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('remove', { name: r.name })} onClick={() => remove(r.id)} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className={styles.root} aria-labelledby="patrol-people-title">
      <Text weight="semibold" id="patrol-people-title">
        {t('label')}
      </Text>
      <Text size={200}>{t('hint')}</Text>
      <SearchPicker
        label={t('addUser')}
        placeholder={t('placeholderUser')}
        search={searchUsers}
        exclude={new Set(users.map((u) => u.id))}
        onPick={(u) => onChange({ users: [...users, u], channels })}
      />
      {list(t('users'), users, t('noUsers'), (id) => onChange({ users: users.filter((u) => u.id !== id), channels }))}
      <SearchPicker
        label={t('addChannel')}
        placeholder={t('placeholderChannel')}
        search={searchChannels}
        exclude={new Set(channels.map((c) => c.id))}
        onPick={(c) => onChange({ users, channels: [...channels, c] })}
      />
      {list(t('channels'), channels, t('noChannels'), (id) => onChange({ users, channels: channels.filter((c) => c.id !== id) }))}
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
    </section>
  );
}
