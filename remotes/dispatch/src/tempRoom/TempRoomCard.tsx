import { useId } from 'react';
import { Badge, Body1, Button, Caption1, Card, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import type { CreateMediaClient } from '../ptt';
import { NS } from '../core';
import { TempRoomControls } from './TempRoomControls';
import type { JoinedTempChannel } from './useTempChannels';
import { useTempRoom } from './useTempRoom';

const useStyles = makeStyles({
  card: { display: 'grid', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  title: { margin: 0 },
  members: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
  ended: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface TempRoomCardProps {
  api: ApiClient;
  bus: EventBus;
  channel: JoinedTempChannel;
  onDismiss: (id: number) => void;
  createClient?: CreateMediaClient;
}

/**
 * A temporary channel this user was put in: who started it and who is in it, its room (joined at
 * once) with a PTT button; once closed, the room is left and the card says it ended.
 */
export function TempRoomCard({ api, bus, channel, onDismiss, createClient }: TempRoomCardProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const titleId = useId();
  const room = useTempRoom({ api, bus, chatId: channel.closed ? null : channel.chatId, createClient });
  const nameOf = (uid: number) => {
    const m = channel.members.find((x) => x.uid === uid);
    return m ? m.nickname || m.account : t('tempRoom.unknownUser', { uid });
  };
  const creator = nameOf(channel.createdBy);
  const closedBy = channel.closed?.by ?? null;

  return (
    <Card className={styles.card} role="region" aria-labelledby={titleId} data-testid="temp-room-card">
      <div className={styles.head}>
        <Subtitle2 as="h3" block id={titleId} className={styles.title}>
          {t('tempRoom.cardTitle', { name: creator })}
        </Subtitle2>
        <Caption1>{t('tempRoom.startedBy', { name: creator })}</Caption1>
      </div>
      {channel.closed ? (
        <div className={styles.ended}>
          <Badge appearance="outline" color="subtle" role="status" data-testid="temp-room-state" data-state="disconnected">
            {t('tempRoom.stateLabel', { state: t('tempRoom.state.disconnected') })}
          </Badge>
          <Body1>{closedBy === null ? t('tempRoom.ended') : t('tempRoom.endedBy', { name: nameOf(closedBy) })}</Body1>
          <Button size="small" icon={<DismissRegular />} aria-label={t('tempRoom.dismissLabel', { name: creator })} onClick={() => onDismiss(channel.id)}>
            {t('tempRoom.dismiss')}
          </Button>
        </div>
      ) : (
        <TempRoomControls room={room} label={t('tempRoom.buttonLabelOf', { name: creator })} />
      )}
      <ul className={styles.members} aria-label={t('tempRoom.membersLabel', { name: creator })}>
        {channel.members.map((m) => (
          <li key={m.uid}>{m.nickname || m.account}</li>
        ))}
      </ul>
    </Card>
  );
}
