import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { MessageType } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import { NS, useAppDispatch } from '../core';
import { loadOlder, markReadUpTo } from './actions';
import { useChatServices } from './context';
import { MessageRow } from './MessageRow';
import type { ChatCache, PendingMessage } from './slice';
import { SYSTEM_TYPES } from './systemText';

/** Height of the line above the first message ("loading earlier messages" / "start"). */
const TOP_LINE = 28;
/** Within this many pixels of the bottom counts as "at the newest message". */
const END_SLACK = 64;

const useStyles = makeStyles({
  wrap: { position: 'relative', flex: 1, minHeight: 0 },
  scroller: { height: '100%', overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' },
  inner: { position: 'relative', width: '100%' },
  item: { position: 'absolute', top: 0, left: 0, width: '100%' },
  top: { position: 'absolute', top: 0, left: 0, right: 0, height: `${TOP_LINE}px`, display: 'flex', justifyContent: 'center', alignItems: 'center', color: tokens.colorNeutralForeground3 },
  jump: { position: 'absolute', bottom: tokens.spacingVerticalM, left: '50%', transform: 'translateX(-50%)', boxShadow: tokens.shadow8 },
});

interface Row {
  key: string;
  message?: ChatMessage;
  pending?: PendingMessage;
}

/** The same key for our message while pending and once stored, so its row is kept. */
function messageKey(uid: number, clientMsgId: string | null, id: number): string {
  return clientMsgId !== null ? `c:${uid}:${clientMsgId}` : `m:${id}`;
}

function estimate(row: Row | undefined): number {
  const type = row?.message?.type ?? row?.pending?.body.type ?? MessageType.Text;
  if (SYSTEM_TYPES.includes(type)) return 28;
  if (type === MessageType.Image || type === MessageType.Video) return 220;
  if (type === MessageType.Location || type === MessageType.Sos) return 150;
  return 64;
}

export interface MessageListProps {
  chatId: string;
  title: string;
  cache: ChatCache;
  /** Bumped when we send: the list goes to the bottom to show it. */
  sentSeq: number;
}

/** The messages of one chat, newest at the bottom; only the rows in view are in the DOM. */
export function MessageList({ chatId, title, cache, sentSeq }: MessageListProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, me } = useChatServices();
  const scroller = useRef<HTMLDivElement>(null);
  const { messages, pending, hasMore, loadingOlder } = cache;

  const rows = useMemo<Row[]>(
    () => [
      ...messages.map((m) => ({ key: messageKey(m.from.uid, m.clientMsgId, m.id), message: m })),
      ...pending.map((p) => ({ key: messageKey(p.from.uid, p.clientMsgId, 0), pending: p })),
    ],
    [messages, pending],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimate(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
    paddingStart: TOP_LINE,
    // Older pages are put above the first visible row without moving it; new rows are followed
    // while the newest is in view.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_SLACK,
  });
  const items = virtualizer.getVirtualItems();
  // Before the first commit there is no element, and the virtualizer would call that "at the end".
  const atEnd = rows.length === 0 || (scroller.current !== null && virtualizer.isAtEnd(END_SLACK));
  const firstIndex = items[0]?.index ?? 0;
  const newestId = messages.at(-1)?.id ?? 0;

  // Opens at the newest message, before the first paint.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  useEffect(() => {
    if (sentSeq > 0) virtualizer.scrollToEnd();
  }, [sentSeq, virtualizer]);

  // Older history once the top comes into view, but only after the list first got to the bottom
  // (at mount the offset is 0, which is not the user scrolling up) or when it all fits.
  const reachedEnd = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el || !opened.current) return;
    if (el.scrollHeight <= el.clientHeight + 1 || (atEnd && el.scrollTop > 0)) reachedEnd.current = true;
    if (reachedEnd.current && firstIndex <= 2 && hasMore && !loadingOlder) void dispatch(loadOlder(api, chatId));
  }, [api, atEnd, chatId, dispatch, firstIndex, hasMore, loadingOlder]);

  // Read up to the newest message while it is in view and the page is visible.
  useEffect(() => {
    if (!atEnd || newestId === 0) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void dispatch(markReadUpTo(api, chatId, newestId));
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [api, atEnd, chatId, dispatch, newestId]);

  // "New messages" while scrolled up: the newest id seen at the bottom against the newest now.
  const [seenId, setSeenId] = useState(0);
  useEffect(() => {
    if (atEnd && seenId !== newestId) setSeenId(newestId);
  }, [atEnd, newestId, seenId]);
  const showJump = !atEnd && seenId > 0 && newestId > seenId;

  return (
    <div className={styles.wrap}>
      <div
        ref={scroller}
        className={styles.scroller}
        role="feed"
        aria-label={t('chat.listLabel', { title })}
        aria-busy={loadingOlder}
        tabIndex={0}
      >
        <div className={styles.inner} style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {/* No live role here: a feed may own articles only (axe: aria-required-children), and
              aria-busy on the feed already says older messages are loading. */}
          <div className={styles.top}>
            {loadingOlder ? <Caption1>{t('chat.loadingOlder')}</Caption1> : !hasMore && rows.length > 0 ? <Caption1>{t('chat.start')}</Caption1> : null}
          </div>
          {items.map((item) => {
            const row = rows[item.index]!;
            const own = (row.message?.from.uid ?? row.pending?.from.uid) === me.uid;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={styles.item}
                style={{ transform: `translateY(${item.start}px)` }}
                role="article"
                aria-posinset={item.index + 1}
                aria-setsize={hasMore ? -1 : rows.length}
              >
                <MessageRow message={row.message} pending={row.pending} own={own} />
              </div>
            );
          })}
        </div>
      </div>
      {showJump && (
        <Button className={styles.jump} shape="circular" icon={<ArrowDownRegular />} onClick={() => virtualizer.scrollToEnd()}>
          {t('chat.newMessages')}
        </Button>
      )}
    </div>
  );
}
