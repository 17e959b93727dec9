import { useEffect, useMemo, useState } from 'react';
import { Body1, Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ChatRegular, PersonRegular, PeopleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Role } from '@ptt/contracts';
import { onSocketReopen, type ApiClient, type EventBus } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';
import type { OpenChat } from '../core';
import { NS, useAppDispatch, useAppSelector } from '../core';
import { openChat } from './actions';
import { Composer } from './Composer';
import { ChatServicesContext } from './context';
import type { ChatServices } from './context';
import { MessageList } from './MessageList';
import { useChatFeed } from './useChatFeed';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, backgroundColor: tokens.colorNeutralBackground2 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  center: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL, gap: tokens.spacingHorizontalS },
});

export interface ChatPanelProps {
  api: ApiClient;
  bus: EventBus;
  /** The chat on screen (the console's open chat); null shows a hint. */
  chat: OpenChat | null;
}

/** The chat of the dispatch console: a group chat of a channel or a personal chat. */
export function ChatPanel({ api, bus, chat }: ChatPanelProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const session = useBusState(bus, 'session');
  useChatFeed(bus);
  const chatId = chat?.chatId ?? null;
  const cache = useAppSelector((s) => (chatId ? s.chat.chats[chatId] : undefined));
  // Bumped on every send so the list scrolls to the message just sent.
  const [sentSeq, setSentSeq] = useState(0);

  useEffect(() => {
    if (chatId) void dispatch(openChat(api, chatId));
  }, [api, chatId, dispatch]);

  // Messages sent while the socket was down never arrive on it: the newest page is read again
  // when it is back (state topics replay their current value, which is not a reconnect).
  useEffect(() => {
    if (!chatId) return;
    const sub = onSocketReopen(bus, () => void dispatch(openChat(api, chatId)));
    return () => sub.unsubscribe();
  }, [api, bus, chatId, dispatch]);

  const services = useMemo<ChatServices | null>(
    () =>
      session
        ? { api, bus, files: session, me: { uid: session.id, nickname: session.nickname, staff: session.role !== Role.User } }
        : null,
    [api, bus, session],
  );

  const headingId = 'dispatch-chat-title';
  if (!chat || !services) {
    return (
      <section className={styles.panel} aria-label={t('chat.panelLabel')}>
        <div className={styles.center}>
          <ChatRegular fontSize={24} aria-hidden />
          <Body1>{t('chat.noChat')}</Body1>
        </div>
      </section>
    );
  }

  let body: JSX.Element;
  if (!cache || cache.status === 'idle' || (cache.status === 'loading' && cache.messages.length === 0)) {
    body = (
      <div className={styles.center}>
        <Spinner size="small" label={t('chat.loading')} />
      </div>
    );
  } else if (cache.status === 'failed') {
    body = (
      <div className={styles.center}>
        <MessageBar intent="error">
          <MessageBarBody>{t(`common:${cache.errorKey ?? 'result.chatHistory.failure'}`)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void dispatch(openChat(api, chat.chatId))}>{t('chat.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  } else if (cache.messages.length === 0 && cache.pending.length === 0) {
    body = (
      <div className={styles.center}>
        <Body1>{t('chat.empty')}</Body1>
      </div>
    );
  } else {
    // A list per chat: its scroll position and row sizes belong to that chat.
    body = <MessageList key={chat.chatId} chatId={chat.chatId} title={chat.title} cache={cache} sentSeq={sentSeq} />;
  }

  return (
    <ChatServicesContext.Provider value={services}>
      <section className={styles.panel} aria-labelledby={headingId}>
        <div className={styles.head}>
          {chat.kind === 'group' ? <PeopleRegular aria-hidden /> : <PersonRegular aria-hidden />}
          <Subtitle2 as="h2" block id={headingId}>
            {t(chat.kind === 'group' ? 'chat.groupTitle' : 'chat.personalTitle', { title: chat.title })}
          </Subtitle2>
        </div>
        {body}
        <Composer chatId={chat.chatId} onSent={() => setSentSeq((n) => n + 1)} />
      </section>
    </ChatServicesContext.Provider>
  );
}
