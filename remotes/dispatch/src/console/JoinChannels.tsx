import { useEffect, useState } from 'react';
import { Button, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Channel } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { NS, listStale, useAppDispatch, useConsole } from '../core';
import { joinChannel, listOrgChannels } from './api';

const useStyles = makeStyles({
  box: { display: 'grid', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, overflowY: 'auto', minHeight: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; channels: Channel[] };

/**
 * For staff in no channel (admins are in none by default): the organisation's channels, each one
 * click from being dispatched from here, and all of them at once (ADR 014).
 */
export function JoinChannels() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, bus, session } = useConsole();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    listOrgChannels(api, abort.signal)
      .then((channels) => setLoaded({ state: 'ready', channels: channels.filter((c) => !c.disbanded) }))
      .catch(() => !abort.signal.aborted && setLoaded({ state: 'failed' }));
    return () => abort.abort();
  }, [api]);

  const join = async (channels: Channel[]) => {
    if (!session) return;
    setBusy(true);
    let joined = 0;
    for (const c of channels) {
      try {
        await joinChannel(api, c.id, session.id);
        joined += 1;
      } catch (e) {
        bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
      }
    }
    setBusy(false);
    // The ChannelUserAdd frames reload the list too; this covers a socket that is down.
    if (joined > 0) dispatch(listStale());
  };

  return (
    <section className={styles.box} aria-labelledby="dispatch-join-title" data-testid="join-channels">
      <Text id="dispatch-join-title" block>
        {t('console.join.intro')}
      </Text>
      {loaded.state === 'loading' && <Spinner size="tiny" aria-label={t('common:kit.loading')} />}
      {loaded.state === 'failed' && <Caption1 role="alert">{t('console.join.failed')}</Caption1>}
      {loaded.state === 'ready' && loaded.channels.length === 0 && <Caption1>{t('console.join.none')}</Caption1>}
      {loaded.state === 'ready' && loaded.channels.length > 0 && (
        <>
          <Button appearance="primary" disabled={busy} onClick={() => void join(loaded.channels)}>
            {t('console.join.all', { count: loaded.channels.length })}
          </Button>
          <ul className={styles.list} aria-labelledby="dispatch-join-title">
            {loaded.channels.map((c) => (
              <li key={c.id} className={styles.item}>
                <Text truncate wrap={false} title={c.name}>
                  {c.name}
                </Text>
                <Button size="small" disabled={busy} aria-label={t('console.join.oneName', { name: c.name })} onClick={() => void join([c])}>
                  {t('console.join.one')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
