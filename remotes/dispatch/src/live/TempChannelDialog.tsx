import { useEffect, useState } from 'react';
import {
  Badge,
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CallEndRegular, CallRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { TEMP_CHANNEL_MAX_USERS } from '@ptt/contracts';
import type { MemberMarker } from '@ptt/map';
import { NS } from '../core';
import { TempRoomControls } from '../tempRoom';
import type { ActiveTempChannel, TempChannelControl, TempChannelEnd } from './useTempChannel';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    maxHeight: '40vh',
    overflowY: 'auto',
    margin: `${tokens.spacingVerticalS} 0`,
    padding: 0,
    listStyleType: 'none',
  },
  members: { margin: `${tokens.spacingVerticalS} 0`, paddingInlineStart: tokens.spacingHorizontalL },
  room: { display: 'grid', gap: tokens.spacingVerticalS },
  ended: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalS },
});

export interface TempChannelDialogProps {
  open: boolean;
  /** Members inside the drawn area (empty when the dialog shows the running channel). */
  candidates: MemberMarker[];
  control: TempChannelControl;
  onClose: () => void;
}

/** The open channel: its room (state, talker, PTT) and who is in it. */
function RoomView({ active, control }: { active: ActiveTempChannel; control: TempChannelControl }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <div className={styles.room}>
      <TempRoomControls room={control.room} label={t('tempRoom.buttonLabel')} />
      <Body1>{t('live.temp.memberCount', { count: active.members.length })}</Body1>
      <ul className={styles.members} aria-label={t('live.temp.membersLabel')}>
        {active.members.map((m) => (
          <li key={m.uid}>{m.nickname || m.account}</li>
        ))}
      </ul>
      {active.skippedUserIds.length > 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('live.temp.skipped', { count: active.skippedUserIds.length })}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}

/** After the hang-up: the room is disconnected. */
function EndedNote({ ended }: { ended: TempChannelEnd }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <div className={styles.ended}>
      <Badge appearance="outline" color="subtle" role="status" data-testid="temp-room-state" data-state="disconnected">
        {t('tempRoom.stateLabel', { state: t('tempRoom.state.disconnected') })}
      </Badge>
      <Body1>{t(ended === 'hungUp' ? 'live.temp.hungUp' : 'live.temp.endedElsewhere')}</Body1>
    </div>
  );
}

/**
 * Pick who joins (all ticked, untick to leave out), call, talk in the temporary channel's room and
 * hang up. The room belongs to the open channel, not to this dialog: closing the dialog stays in it.
 */
export function TempChannelDialog({ open, candidates, control, onClose }: TempChannelDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [picked, setPicked] = useState<Set<number>>(() => new Set());
  const { active, busy, ended } = control;
  const close = () => {
    control.clearEnded();
    onClose();
  };

  // Every member inside the area starts ticked.
  useEffect(() => setPicked(new Set(candidates.map((m) => m.uid))), [candidates]);

  const toggle = (uid: number, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });
  const all = candidates.length > 0 && picked.size === candidates.length;
  const tooMany = picked.size > TEMP_CHANNEL_MAX_USERS;

  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('live.temp.title')}</DialogTitle>
          <DialogContent>
            {active ? <RoomView active={active} control={control} /> : null}
            {!active && ended ? <EndedNote ended={ended} /> : null}
            {!active && !ended && candidates.length === 0 ? <Body1>{t('live.temp.nobodyInArea')}</Body1> : null}
            {!active && candidates.length > 0 ? (
              <>
                <Checkbox
                  label={t('live.temp.selectAll', { count: candidates.length })}
                  checked={all ? true : picked.size > 0 ? 'mixed' : false}
                  onChange={(_e, d) => setPicked(d.checked === true ? new Set(candidates.map((m) => m.uid)) : new Set())}
                />
                <ul className={styles.list} aria-label={t('live.temp.candidatesLabel')}>
                  {candidates.map((m) => (
                    <li key={m.uid}>
                      <Checkbox label={t('live.temp.candidate', { name: m.name, status: t(`common:userStatus.${m.status}`) })} checked={picked.has(m.uid)} onChange={(_e, d) => toggle(m.uid, d.checked === true)} />
                    </li>
                  ))}
                </ul>
                {tooMany ? (
                  <MessageBar intent="error">
                    <MessageBarBody>{t('live.temp.tooMany', { max: TEMP_CHANNEL_MAX_USERS })}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            {active ? (
              <Button appearance="primary" icon={<CallEndRegular />} disabled={busy} onClick={() => void control.hangUp()}>
                {t('live.temp.hangUp')}
              </Button>
            ) : (
              <Button
                appearance="primary"
                icon={<CallRegular />}
                disabled={busy || picked.size === 0 || tooMany}
                onClick={() => void control.start(candidates.filter((m) => picked.has(m.uid)).map((m) => m.uid))}
              >
                {t('live.temp.call')}
              </Button>
            )}
            <Button onClick={close}>{t('live.temp.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
