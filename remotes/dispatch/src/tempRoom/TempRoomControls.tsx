import { useId } from 'react';
import { Badge, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import { MicRegular, PersonVoiceRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';
import { HoldButton, noticeText } from '../ptt';
import type { TempRoom, TempRoomPhase } from './useTempRoom';

const useStyles = makeStyles({
  controls: { display: 'grid', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  ptt: { minWidth: '96px', minHeight: '44px' },
  talker: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

const PHASE_COLOR: Record<TempRoomPhase, BadgeProps['color']> = {
  connecting: 'warning',
  connected: 'success',
  failed: 'danger',
  disconnected: 'subtle',
};

export interface TempRoomControlsProps {
  room: TempRoom;
  /** The PTT button's accessible name: says which temporary channel it talks in. */
  label: string;
}

/** A temporary channel room's state, who talks, and its hold-to-talk button (force insert for staff). */
export function TempRoomControls({ room, label }: TempRoomControlsProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const hintId = useId();
  const { phase, holder, view } = room;
  const talking = view.press === 'talking';
  const otherTalks = holder !== null && holder.uid !== room.selfUid;
  return (
    <div className={styles.controls}>
      <div className={styles.row}>
        <HoldButton
          className={styles.ptt}
          appearance={talking ? 'primary' : 'secondary'}
          icon={<MicRegular />}
          aria-label={label}
          aria-pressed={talking}
          aria-describedby={hintId}
          data-state={view.press}
          disabledFocusable={phase === 'disconnected'}
          onPress={() => room.press(false)}
          onRelease={room.release}
        >
          {t('tempRoom.button')}
        </HoldButton>
        {room.canForce && (otherTalks || (view.force && view.press !== 'idle')) && (
          <HoldButton icon={<PersonVoiceRegular />} aria-label={t('tempRoom.forceLabel')} onPress={() => room.press(true)} onRelease={room.release}>
            {t('tempRoom.force')}
          </HoldButton>
        )}
        <Badge appearance="outline" color={PHASE_COLOR[phase]} role="status" data-testid="temp-room-state" data-state={phase}>
          {t('tempRoom.stateLabel', { state: t(`tempRoom.state.${phase}`) })}
        </Badge>
      </div>
      <Caption1 id={hintId}>{t('tempRoom.buttonHint')}</Caption1>
      {phase === 'failed' && (
        <Text className={styles.failed} role="alert">
          {t('common:rule.pttCannotConnect')}
        </Text>
      )}
      {holder && (
        <Text className={styles.talker} data-testid="temp-room-talker">
          {holder.uid === room.selfUid ? t('ptt.talkerSelf') : t('ptt.talker', { name: holder.nickname })}
        </Text>
      )}
      {view.notice && (
        <Text role="alert" data-testid="temp-room-notice">
          {noticeText(t, view.notice)}
        </Text>
      )}
    </div>
  );
}
