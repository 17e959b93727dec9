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
import { NS } from '../strings';
import type { TempChannelControl } from './useTempChannel';

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
  state: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface TempChannelDialogProps {
  open: boolean;
  /** Members inside the drawn area (empty when the dialog shows the running channel). */
  candidates: MemberMarker[];
  control: TempChannelControl;
  onClose: () => void;
}

/** Pick who joins (all ticked, untick to leave out), call, and hang up the temporary channel. */
export function TempChannelDialog({ open, candidates, control, onClose }: TempChannelDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [picked, setPicked] = useState<Set<number>>(() => new Set());
  const { active, busy } = control;

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
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('live.temp.title')}</DialogTitle>
          <DialogContent>
            {active ? (
              <>
                <div className={styles.state} role="status">
                  {/* The room comes with the media work: until then it is honestly still connecting. */}
                  <Badge appearance="tint" color="warning">
                    {t('live.temp.connecting')}
                  </Badge>
                  <Body1>{t('live.temp.memberCount', { count: active.members.length })}</Body1>
                </div>
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
              </>
            ) : candidates.length === 0 ? (
              <Body1>{t('live.temp.nobodyInArea')}</Body1>
            ) : (
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
            )}
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
            <Button onClick={onClose}>{t('live.temp.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
