import { useEffect, useState } from 'react';
import { Body1, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { useBusState } from '@ptt/ui';
import { enterpriseChatId } from '../api';
import { ChatComposer } from '../chat/ChatComposer';
import { NS } from '../strings';

const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL },
});

export interface DispatchPageProps {
  api: ApiClient;
  bus: EventBus;
}

export function DispatchPage({ api, bus }: DispatchPageProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const entId = useBusState(bus, 'session')?.ent.id ?? null;
  const [chatId, setChatId] = useState<string | null>(null);

  useEffect(() => {
    if (entId === null) return;
    const abort = new AbortController();
    enterpriseChatId(api, entId, abort.signal)
      .then(setChatId)
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed' });
      });
    return () => abort.abort();
  }, [api, bus, entId]);

  return (
    <section className={styles.page}>
      <Title1 as="h1">{t('title')}</Title1>
      <Body1 as="p">{t('intro')}</Body1>
      <section aria-labelledby="dispatch-chat-title">
        <Title3 as="h2" id="dispatch-chat-title">
          {t('chat.title')}
        </Title3>
        <ChatComposer api={api} bus={bus} chatId={chatId} />
      </section>
    </section>
  );
}
