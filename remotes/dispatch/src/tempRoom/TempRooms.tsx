import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS, useConsole } from '../core';
import type { CreateMediaClient } from '../ptt';
import { TempRoomCard } from './TempRoomCard';
import { useTempChannels } from './useTempChannels';

const useStyles = makeStyles({
  area: { display: 'grid', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
});

/** The temporary channels someone else put this user in, one card each; nothing when there are none. */
export function TempRooms({ createClient }: { createClient?: CreateMediaClient }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api, bus, session } = useConsole();
  const { channels, dismiss } = useTempChannels(api, bus, session?.id ?? null);
  if (channels.length === 0) return null;
  return (
    <section className={styles.area} aria-labelledby="dispatch-temp-rooms-title">
      <Subtitle2 as="h2" block id="dispatch-temp-rooms-title" className={styles.heading}>
        {t('tempRoom.panelTitle')}
      </Subtitle2>
      {channels.map((c) => (
        <TempRoomCard key={c.id} api={api} bus={bus} channel={c} onDismiss={dismiss} createClient={createClient} />
      ))}
    </section>
  );
}
