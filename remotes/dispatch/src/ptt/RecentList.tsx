import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Caption1, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MessageType, Role, chatId as channelChatId } from '@ptt/contracts';
import type { ChatMessage, Session } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { ChatServicesContext, PttContent, formatMessageTime } from '../chat';
import type { ChatServices } from '../chat';
import { NS, useAppSelector, useConsole } from '../core';
import { fetchRecent } from './api';

/** The recording is stored after the floor is released: read the list again a moment later. */
export const RECENT_REFRESH_DELAY_MS = 800;

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS },
  heading: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  // Bounded: a busy channel's history must not push the commands out of the pane (issue 15).
  scroller: { maxHeight: '11rem', overflowY: 'auto' },
});

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: ChatMessage[] };

/** A channel's last transmissions, newest first, each playable (the chat's PTT player). Memoised:
 *  the PTT panel re-renders on every press state, which is the access-time path. */
export const RecentList = memo(function RecentList({ api, bus, session, chatId }: { api: ApiClient; bus: EventBus; session: Session; chatId: string }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [seq, setSeq] = useState(0);
  const lastPtt = useAppSelector((s) => {
    const last = s.chatList.items[chatId]?.lastMessage;
    return last?.type === MessageType.Ptt ? last.id : null;
  });

  useEffect(() => {
    const abort = new AbortController();
    fetchRecent(api, chatId, abort.signal)
      .then((items) => setLoaded({ state: 'ready', items }))
      .catch(() => !abort.signal.aborted && setLoaded({ state: 'failed' }));
    return () => abort.abort();
  }, [api, chatId, seq, lastPtt]);

  const refresh = useCallback(() => setSeq((n) => n + 1), []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = bus.on('ws/ptt').subscribe((frame) => {
      // A talk ended (released, timed out, taken over): its recording becomes a message.
      if (frame.chatId !== chatId || frame.previous === null) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(refresh, RECENT_REFRESH_DELAY_MS);
    });
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [bus, chatId, refresh]);

  const services = useMemo<ChatServices>(
    () => ({ api, bus, files: session, me: { uid: session.id, nickname: session.nickname, staff: session.role !== Role.User } }),
    [api, bus, session],
  );

  return (
    <section aria-labelledby="dispatch-ptt-recent" data-testid="ptt-recent">
      <Text as="h3" block id="dispatch-ptt-recent" className={styles.heading}>
        {t('ptt.recent.title')}
      </Text>
      {loaded.state === 'loading' && <Spinner size="tiny" aria-label={t('common:kit.loading')} />}
      {loaded.state === 'failed' && (
        <div role="alert">
          <Caption1>{t('ptt.recent.failed')}</Caption1>{' '}
          <Button size="small" onClick={refresh}>
            {t('ptt.recent.retry')}
          </Button>
        </div>
      )}
      {loaded.state === 'ready' && loaded.items.length === 0 && <Caption1>{t('ptt.recent.empty')}</Caption1>}
      {loaded.state === 'ready' && loaded.items.length > 0 && (
        <ChatServicesContext.Provider value={services}>
          {/* Focusable so the keyboard can scroll it. */}
          <ul className={mergeClasses(styles.list, styles.scroller)} tabIndex={0} aria-labelledby="dispatch-ptt-recent">
            {loaded.items.map((m) =>
              m.type === MessageType.Ptt ? (
                <li key={m.id} className={styles.item}>
                  <Caption1>{t('ptt.recent.by', { name: m.from.nickname, time: formatMessageTime(m.createdAt) })}</Caption1>
                  <PttContent fileId={m.content.fileId} durationMs={m.content.durationMs} />
                </li>
              ) : null,
            )}
          </ul>
        </ChatServicesContext.Provider>
      )}
    </section>
  );
});

/** The selected channel's recent transmissions; below the commands, so it never pushes them away. */
export function PttRecent() {
  const { api, bus, session } = useConsole();
  const channelId = useAppSelector((s) => s.console.selectedChannelId);
  if (!session || channelId === null) return null;
  return <RecentList api={api} bus={bus} session={session} chatId={channelChatId(session.ent.id, channelId)} />;
}
