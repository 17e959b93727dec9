import { Button, Text, Title1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AlarmControl } from '../alarm/AlarmControl';
import type { Alarm } from '../alarm/useAlarm';
import { NS } from '../strings';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap' },
  count: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  // Big and red while anyone waits: the one thing to see from across the room.
  waiting: { color: tokens.colorPaletteRedForeground1 },
  grow: { flexGrow: 1 },
});

export interface PageHeaderProps {
  /** The open SOS count; null while it is not known yet; left out for a role that may not see it. */
  count?: number | null;
  alarm?: Alarm;
  onSettings?: () => void;
}

/** The page's title, the waiting count, the alarm's state and the settings button. */
export function PageHeader({ count, alarm, onSettings }: PageHeaderProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <header className={styles.root}>
      <Title1 as="h1">{t('title')}</Title1>
      {count !== undefined && (
        <Text className={mergeClasses(styles.count, count !== null && count > 0 && styles.waiting)} data-testid="sos-waiting" aria-live="polite">
          {count === null ? t('waitingUnknown') : t('waiting', { count })}
        </Text>
      )}
      {alarm && <AlarmControl alarm={alarm} />}
      <span className={styles.grow} />
      {onSettings && (
        <Button icon={<SettingsRegular />} onClick={onSettings}>
          {t('settingsButton')}
        </Button>
      )}
    </header>
  );
}
