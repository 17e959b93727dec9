import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { AlertOffRegular, AlertOnRegular, AlertUrgentRegular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';
import type { Alarm } from './useAlarm';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * The alarm's state in words, and the way out of a browser's autoplay block. `data-sound`,
 * `data-level` and `data-context` say what the siren really does (tests read them).
 */
export function AlarmControl({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation(NS, { keyPrefix: 'alarm' });
  const styles = useStyles();
  const { state, level } = alarm;
  const text =
    state === 'playing' ? t(level === 2 ? 'playingEscalated' : 'playing') : state === 'blocked' ? t('blocked') : state === 'starting' ? t('starting') : t('off');
  const icon = state === 'blocked' ? <SpeakerMuteRegular /> : state === 'off' ? <AlertOffRegular /> : level === 2 ? <AlertUrgentRegular /> : <AlertOnRegular />;
  const color = state === 'blocked' || (state !== 'off' && level === 2) ? 'danger' : state === 'off' ? 'informative' : 'warning';
  return (
    <div
      className={styles.root}
      role="status"
      aria-label={t('label')}
      data-testid="sos-alarm"
      data-sound={state}
      data-level={String(level)}
      data-context={alarm.contextState ?? 'none'}
    >
      <Badge appearance="tint" size="large" color={color} icon={icon}>
        {text}
      </Badge>
      {state === 'blocked' && (
        <Button appearance="primary" onClick={alarm.unlock}>
          {t('enable')}
        </Button>
      )}
    </div>
  );
}
