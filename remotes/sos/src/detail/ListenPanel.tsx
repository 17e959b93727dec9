import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { RecordStopRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_END_CAUSE_KEYS } from '@ptt/contracts';
import { NS } from '../strings';
import type { Listen } from './useListen';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    flexWrap: 'wrap',
  },
});

/** What environment listen is doing, the device's sound, and Stop. */
export function ListenPanel({ listen, name }: { listen: Listen; name: string }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const player = useRef<HTMLAudioElement>(null);
  const { phase, state, endCause, stream } = listen;

  useEffect(() => {
    if (player.current) player.current.srcObject = stream;
  }, [stream]);

  if (phase.phase === 'idle') return null;
  const text =
    phase.phase === 'refused'
      ? t(phase.key)
      : phase.phase === 'sending'
        ? t('listen.sending')
        : endCause
          ? t(`common:${MONITOR_END_CAUSE_KEYS[endCause]}`)
          : t(`listen.${state ?? 'connecting'}`);
  const busy = phase.phase === 'sending' || (phase.phase === 'on' && (state === null || state === 'connecting' || state === 'failed'));
  return (
    <section className={styles.root} aria-label={t('listen.label', { name })}>
      {busy && <Spinner size="tiny" />}
      <Text role="status" data-testid="sos-listen-state" data-state={phase.phase === 'on' ? (state ?? 'connecting') : phase.phase}>
        {text}
      </Text>
      <audio ref={player} autoPlay data-testid="sos-listen-audio" />
      <Button icon={<RecordStopRegular />} onClick={listen.stop}>
        {t('detail.stopListen')}
      </Button>
    </section>
  );
}
