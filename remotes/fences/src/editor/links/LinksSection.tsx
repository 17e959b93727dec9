import { MessageBar, MessageBarBody, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FenceDetail } from '@ptt/contracts';
import { COMMON_NS, SearchPicker, errorKey, type PickOption } from '@ptt/ui';
import { NS, useLinkFenceMutation, useSetFenceLinkEnabledMutation, useUnlinkFenceMutation, type LinkKind } from '../../core';
import { LinkList, type LinkRow } from './LinkList';
import { useLinkSearch } from './useLinkSearch';

/** Links of a fence not created yet: sent with the create request. */
export interface PendingLinks {
  users: LinkRow[];
  channels: LinkRow[];
}

export const NO_LINKS: PendingLinks = { users: [], channels: [] };

type Props = { mode: 'new'; pending: PendingLinks; onPending: (next: PendingLinks) => void } | { mode: 'existing'; fence: FenceDetail };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  part: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const usersOf = (f: FenceDetail): LinkRow[] => f.users.map((u) => ({ id: u.uid, name: u.nickname, detail: u.account, enabled: u.enabled }));
const channelsOf = (f: FenceDetail): LinkRow[] => f.channels.map((c) => ({ id: c.channelId, name: c.name, enabled: c.enabled }));

/**
 * Member users and linked channels. A stored fence's links change at once through their own
 * endpoints (a refusal such as 'the fence must be enabled before use' shows here); a new fence's
 * are kept until it is created.
 */
export function LinksSection(props: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor.links' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const search = useLinkSearch();
  const [link] = useLinkFenceMutation();
  const [setEnabled] = useSetFenceLinkEnabledMutation();
  const [unlink] = useUnlinkFenceMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const rows = props.mode === 'new' ? props.pending : { users: usersOf(props.fence), channels: channelsOf(props.fence) };
  const field = (kind: LinkKind): keyof PendingLinks => kind;

  const run = (request: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    request()
      .catch((e: unknown) => setFailure(tCommon(errorKey(e))))
      .finally(() => setBusy(false));
  };

  const add = (kind: LinkKind, option: PickOption) => {
    if (props.mode === 'new') {
      const row: LinkRow = { id: option.id, name: option.name, detail: option.detail, enabled: true };
      return props.onPending({ ...props.pending, [field(kind)]: [...props.pending[field(kind)], row] });
    }
    const { id } = props.fence;
    run(() => link({ id, kind, ids: [option.id] }).unwrap());
  };
  const toggle = (kind: LinkKind, row: LinkRow, enabled: boolean) => {
    if (props.mode === 'new') {
      return props.onPending({ ...props.pending, [field(kind)]: props.pending[field(kind)].map((r) => (r.id === row.id ? { ...r, enabled } : r)) });
    }
    const { id } = props.fence;
    run(() => setEnabled({ id, kind, target: row.id, enabled }).unwrap());
  };
  const remove = (kind: LinkKind, row: LinkRow) => {
    if (props.mode === 'new') {
      return props.onPending({ ...props.pending, [field(kind)]: props.pending[field(kind)].filter((r) => r.id !== row.id) });
    }
    const { id } = props.fence;
    run(() => unlink({ id, kind, target: row.id }).unwrap());
  };

  const part = (kind: LinkKind) => {
    const list = rows[field(kind)];
    const label = t(kind === 'users' ? 'users' : 'channels');
    return (
      <div className={styles.part}>
        <Subtitle2 as="h3">{label}</Subtitle2>
        <SearchPicker
          label={t(kind === 'users' ? 'addUser' : 'addChannel')}
          placeholder={t(kind === 'users' ? 'placeholderUser' : 'placeholderChannel')}
          search={kind === 'users' ? search.users : search.channels}
          exclude={new Set(list.map((r) => r.id))}
          onPick={(o) => add(kind, o)}
          disabled={busy}
        />
        <LinkList
          label={label}
          rows={list}
          emptyText={t(kind === 'users' ? 'noUsers' : 'noChannels')}
          onToggle={(r, on) => toggle(kind, r, on)}
          onRemove={(r) => remove(kind, r)}
          busy={busy}
        />
      </div>
    );
  };

  return (
    <section className={styles.root} aria-label={`${t('users')} / ${t('channels')}`}>
      <Text size={200}>{props.mode === 'new' ? t('newHint') : t('liveHint')}</Text>
      <div role="status">
        {failure && (
          <MessageBar intent="error">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {part('users')}
      {part('channels')}
    </section>
  );
}
