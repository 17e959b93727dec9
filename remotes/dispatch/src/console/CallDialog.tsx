import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { CallEndRegular, CallRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallResultState, ServerCode } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { NS } from '../strings';
import { useAppDispatch, useAppSelector } from '../store';
import { changeCall } from './api';
import type { CallAction } from './api';
import { useConsole } from './context';
import { callChanged, callDismissed, callFromRecord, callOutcomeKey, callPeer, callPhase } from './state/call';

const useStyles = makeStyles({
  content: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/**
 * The 1V1 call: placing it, ringing (either way), connected and how it ended. Audio comes with
 * the media issue; the dialog says so instead of pretending.
 */
export function CallDialog() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, bus, session } = useConsole();
  const selfId = session?.id ?? null;
  const { call, pending, refusal } = useAppSelector((s) => s.call);
  const open = call !== null || pending !== null || refusal !== null;

  const act = (action: CallAction) => {
    if (!call || selfId === null) return;
    changeCall(api, call.callId, action)
      .then((record) => dispatch(callChanged(callFromRecord(record, selfId))))
      .catch((e: unknown) => {
        // The call ended meanwhile (2038 used, 2039 the other party hung up): show it ended.
        if (isApiError(e) && (e.code === ServerCode.CallAlreadyUsed || e.code === ServerCode.OtherPartyHungUp)) {
          const code = e.code === ServerCode.OtherPartyHungUp ? e.code : call.code;
          dispatch(callChanged({ ...call, result: CallResultState.Hangup, reason: call.reason ?? 'hangup', code }));
        } else {
          bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
        }
      });
  };

  let title = '';
  let text = '';
  let busy = false;
  let actions: ReactNode = null;
  const close = (
    <Button appearance="primary" onClick={() => dispatch(callDismissed())}>
      {t('console.call.close')}
    </Button>
  );
  const hangUp = (
    <Button appearance="primary" icon={<CallEndRegular />} onClick={() => act('hangup')}>
      {t('console.call.hangUp')}
    </Button>
  );
  if (call) {
    const name = callPeer(call, selfId).nickname;
    const phase = callPhase(call, selfId);
    title = t(phase === 'ringingIn' ? 'console.call.incomingTitle' : 'console.call.title', { name });
    switch (phase) {
      case 'ringingOut':
        [text, busy, actions] = [t('console.call.waiting', { name }), true, hangUp];
        break;
      case 'ringingIn':
        text = t('console.call.ringing', { name });
        actions = (
          <>
            <Button onClick={() => act('reject')} icon={<CallEndRegular />}>
              {t('console.call.reject')}
            </Button>
            <Button appearance="primary" onClick={() => act('accept')} icon={<CallRegular />}>
              {t('console.call.accept')}
            </Button>
          </>
        );
        break;
      case 'connecting':
        [text, busy, actions] = [t('console.call.connecting'), true, hangUp];
        break;
      case 'talking':
        [text, actions] = [t('console.call.talking'), hangUp];
        break;
      case 'ended':
        [text, actions] = [t(callOutcomeKey(call)), close];
        break;
    }
  } else if (pending) {
    [title, text, busy] = [t('console.call.title', { name: pending.nickname }), t('console.call.starting', { name: pending.nickname }), true];
  } else if (refusal) {
    [title, text, actions] = [t('console.call.title', { name: refusal.nickname }), t(refusal.key), close];
  }

  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface aria-describedby="dispatch-call-text">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent id="dispatch-call-text" role="status" className={styles.content}>
            {busy && <Spinner size="tiny" />}
            <span>{text}</span>
          </DialogContent>
          <DialogActions>{actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
