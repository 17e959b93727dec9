import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CallEndRegular, CallRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallResultState, ServerCode } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { createMediaClient } from '@ptt/media';
import { NS, useAppDispatch, useAppSelector, useConsole } from '../core';
import { changeCall } from './api';
import type { CallAction } from './api';
import { callChanged, callDismissed, callFromRecord, callOutcomeKey, callPeer, callPhase, callRoom } from './state/call';
import { useCallRoom } from './useCallRoom';
import type { CreateCallMediaClient } from './useCallRoom';

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalS },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  problem: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The 1V1 call: placing it, ringing (either way), connecting, talking and how it ended. Once
 * accepted, both consoles join the call's room and send their microphone for as long as it talks
 * (full duplex: no floor). "Talking" shows when the server says both parties' audio is up and our
 * own connection is up too; otherwise "connecting".
 */
export function CallDialog({ createClient = createMediaClient }: { createClient?: CreateCallMediaClient }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, bus, session } = useConsole();
  const selfId = session?.id ?? null;
  const { call, pending, refusal } = useAppSelector((s) => s.call);
  const open = call !== null || pending !== null || refusal !== null;
  const serverPhase = call ? callPhase(call, selfId) : null;
  const media = useCallRoom({
    chatId: call ? callRoom(call, session?.ent.id ?? null) : null,
    transmitting: serverPhase === 'talking',
    createClient,
  });
  // Talking needs both: the server's word that both parties are up, and our own connection.
  const phase = serverPhase === 'talking' && media.state !== 'connected' ? 'connecting' : serverPhase;
  const surface = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Placing a call opens the dialog without a button, so focus rests on the surface, and a
    // pressed button that a new phase replaces leaves focus on the page; Fluent's focus manager
    // (tabster) then hides the whole dialog from assistive technology. Focus the first action.
    const focused = document.activeElement;
    if (open && (focused === surface.current || focused === document.body)) buttons.current?.querySelector('button')?.focus();
  });

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
  if (call && phase) {
    const name = callPeer(call, selfId).nickname;
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
        [text, actions] = [t('console.call.talking', { name }), hangUp];
        break;
      case 'ended':
        [text, actions] = [t(callOutcomeKey(call, selfId)), close];
        break;
    }
  } else if (pending) {
    [title, text, busy] = [t('console.call.title', { name: pending.nickname }), t('console.call.starting', { name: pending.nickname }), true];
  } else if (refusal) {
    [title, text, actions] = [t('console.call.title', { name: refusal.nickname }), t(refusal.key), close];
  }

  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface ref={surface} aria-describedby="dispatch-call-text">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <div id="dispatch-call-text" role="status" className={styles.status} data-testid="call-state" data-state={phase ?? ''}>
              {busy && <Spinner size="tiny" aria-label={t('common:kit.loading')} />}
              <span>{text}</span>
            </div>
            {media.micProblem && (
              <Text role="alert" className={styles.problem}>
                {t(`common:${media.micProblem.key}`)}
              </Text>
            )}
          </DialogContent>
          <DialogActions ref={buttons}>{actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
