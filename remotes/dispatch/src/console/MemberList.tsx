import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Button, Caption1, SearchBox, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { NS, membersReload, selectDeviceByUser, useAppDispatch, useAppSelector, useCan, useConsole } from '../core';
import { memberRows, onlineCount, sortByName } from './memberRows';
import { MEMBER_ROW_HEIGHT_PX, MemberRowView } from './MemberRowView';

/** Rows rendered beyond the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 8;

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  header: { display: 'grid', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  heading: { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  scroller: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  note: { padding: tokens.spacingHorizontalM },
});

/** The selected channel's members, online first, searchable and virtualised (10,000 rows). */
export function MemberList() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { session } = useConsole();
  const canReadDevices = useCan('device.read');
  const canLocate = useCan('location.read');
  const canCommand = useCan('device.command');
  const channelId = useAppSelector((s) => s.console.selectedChannelId);
  const channelName = useAppSelector((s) => Object.values(s.chatList.items).find((e) => e.channelId === channelId)?.title ?? null);
  const members = useAppSelector((s) => s.members.items);
  const status = useAppSelector((s) => s.members.status);
  const statuses = useAppSelector((s) => s.presence.statuses);
  const devices = useAppSelector(selectDeviceByUser);
  const devicesReady = useAppSelector((s) => s.devices.status === 'ready');
  const selectedUserId = useAppSelector((s) => s.console.selectedUserId);
  const [query, setQuery] = useState('');

  const byName = useMemo(() => sortByName(members), [members]);
  const rows = useMemo(() => memberRows(byName, statuses, query), [byName, statuses, query]);
  const online = useMemo(() => onlineCount(rows), [rows]);

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => MEMBER_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    getItemKey: (i) => rows[i]?.member.userId ?? i,
  });

  // Up and down move between rows, bringing rows that are not rendered yet into view first. A
  // key pressed again before that frame continues from the row on its way to focus.
  const pending = useRef<number | null>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const focused = (e.target as HTMLElement).closest('[data-row-index]')?.getAttribute('data-row-index');
    if (focused === null || focused === undefined) return;
    const next = (pending.current ?? Number(focused)) + (e.key === 'ArrowDown' ? 1 : -1);
    if (next < 0 || next >= rows.length) return;
    e.preventDefault();
    pending.current = next;
    virtualizer.scrollToIndex(next);
    requestAnimationFrame(() => {
      if (pending.current !== next) return;
      pending.current = null;
      scroller.current?.querySelector<HTMLElement>(`[data-row-index="${next}"]`)?.focus();
    });
  };

  const heading = channelName ? t('console.members.titleOf', { channel: channelName }) : t('console.members.title');
  return (
    <section className={styles.pane} aria-labelledby="dispatch-members-title">
      <div className={styles.header}>
        <Subtitle2 as="h2" block id="dispatch-members-title" className={styles.heading}>
          {heading}
        </Subtitle2>
        {channelId !== null && (
          <>
            <SearchBox size="small" value={query} onChange={(_, d) => setQuery(d.value)} aria-label={t('console.members.search')} placeholder={t('console.members.search')} />
            <Caption1 aria-live="polite">{t('console.members.count', { online, total: rows.length })}</Caption1>
          </>
        )}
      </div>
      {channelId === null && <Text className={styles.note}>{t('console.members.noChannel')}</Text>}
      {channelId !== null && status === 'loading' && members.length === 0 && <Spinner size="tiny" label={t('console.members.loading')} className={styles.note} />}
      {status === 'failed' && (
        <div className={styles.note} role="alert">
          <Text>{t('console.members.failed')}</Text>{' '}
          <Button size="small" onClick={() => dispatch(membersReload())}>
            {t('console.channels.retry')}
          </Button>
        </div>
      )}
      {status === 'ready' && rows.length === 0 && <Text className={styles.note}>{t(members.length === 0 ? 'console.members.empty' : 'console.members.noMatch')}</Text>}
      <div ref={scroller} className={styles.scroller} onKeyDown={onKeyDown}>
        <div role="list" aria-labelledby="dispatch-members-title" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const uid = row.member.userId;
            return (
              <div key={item.key} role="listitem" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                <MemberRowView
                  row={row}
                  index={item.index}
                  selected={uid === selectedUserId}
                  selfId={session?.id ?? null}
                  entId={session?.ent.id ?? null}
                  device={canReadDevices && devicesReady ? (devices.get(uid) ?? null) : undefined}
                  canLocate={canLocate}
                  canCommand={canCommand}
                />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
