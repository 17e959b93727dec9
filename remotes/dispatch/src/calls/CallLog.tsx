import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular, CallRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../chat';
import { NS, formatDateTime, requestCall, useAppDispatch, useAppSelector, useConsole } from '../core';
import { listOwnCalls } from './api';
import { isEnded } from './state/call';
import { callLogEntry, callLogSeenKey, unseenMissed, type CallLogEntry, type CallOutcome } from './state/callLog';

/** How many recent calls the log shows. */
export const CALL_LOG_SIZE = 50;

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'grid', gap: tokens.spacingVerticalS, maxHeight: '60vh', overflowY: 'auto' },
  missed: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const OUTCOME_COLOR: Partial<Record<CallOutcome, 'danger' | 'success' | 'warning' | 'informative'>> = {
  answered: 'success',
  missed: 'danger',
  failed: 'warning',
  active: 'informative',
};

function readSeen(userId: number): string | null {
  try {
    return localStorage.getItem(callLogSeenKey(userId));
  } catch {
    return null; // storage refused (private mode): every missed call counts as new
  }
}

/**
 * The call log: a button with the number of missed calls not looked at yet, and a dialog of the
 * signed-in user's recent calls (who, direction, outcome, duration, time), each with a call back.
 * It reloads when a call of this console ends, so a call missed just now counts at once.
 */
export function CallLog() {
  const { t, i18n } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, session } = useConsole();
  const selfId = session?.id ?? null;
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<CallLogEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [seenAt, setSeenAt] = useState<string | null>(null);
  const call = useAppSelector((s) => s.call.call);
  // Reload when a call ends (missed, answered, declined...): its record is final then.
  const endedCall = call && isEnded(call) ? call.callId : null;

  const load = useCallback(
    (signal?: AbortSignal) => {
      if (selfId === null) return;
      listOwnCalls(api, selfId, CALL_LOG_SIZE, signal)
        .then((records) => {
          setEntries(records.map((r) => callLogEntry(r, selfId)));
          setFailed(false);
        })
        .catch(() => {
          if (!signal?.aborted) setFailed(true);
        });
    },
    [api, selfId],
  );

  useEffect(() => {
    if (selfId !== null) setSeenAt(readSeen(selfId));
  }, [selfId]);
  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal);
    return () => abort.abort();
  }, [load, endedCall]);

  const missed = useMemo(() => unseenMissed(entries ?? [], seenAt), [entries, seenAt]);

  const show = () => {
    setOpen(true);
    load();
    if (selfId === null) return;
    const now = new Date().toISOString();
    setSeenAt(now);
    try {
      localStorage.setItem(callLogSeenKey(selfId), now);
    } catch {
      // not kept: the badge comes back after a reload
    }
  };
  const callBack = (uid: number) => {
    setOpen(false);
    dispatch(requestCall(uid));
  };

  return (
    <>
      <Button icon={<HistoryRegular />} onClick={show} aria-label={missed > 0 ? t('console.callLog.openWithMissed', { n: missed }) : t('console.callLog.open')}>
        {t('console.callLog.open')}
        {missed > 0 && (
          <Badge color="danger" size="small" data-testid="call-log-missed">
            {missed}
          </Badge>
        )}
      </Button>
      <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{t('console.callLog.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              {entries === null && !failed && <Spinner size="small" label={t('console.callLog.loading')} />}
              {failed && <Text role="alert">{t('common:client.infoLoadFailed')}</Text>}
              {entries !== null && entries.length === 0 && <Text>{t('console.callLog.empty')}</Text>}
              {entries !== null && entries.length > 0 && (
                <Table size="small" aria-label={t('console.callLog.title')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('console.callLog.who')}</TableHeaderCell>
                      <TableHeaderCell>{t('console.callLog.direction')}</TableHeaderCell>
                      <TableHeaderCell>{t('console.callLog.outcome')}</TableHeaderCell>
                      <TableHeaderCell>{t('console.callLog.duration')}</TableHeaderCell>
                      <TableHeaderCell>{t('console.callLog.time')}</TableHeaderCell>
                      <TableHeaderCell>
                        <span hidden>{t('console.callLog.actions')}</span>
                      </TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {entries.map((e) => (
                      <TableRow key={e.id} data-testid="call-log-entry" data-outcome={e.outcome} data-direction={e.direction}>
                        <TableCell className={e.outcome === 'missed' ? styles.missed : undefined}>{e.peer.nickname}</TableCell>
                        <TableCell>{t(`console.callLog.${e.direction}`)}</TableCell>
                        <TableCell>
                          <Badge appearance="tint" color={OUTCOME_COLOR[e.outcome] ?? 'subtle'}>
                            {t(`console.callLog.outcomes.${e.outcome}`)}
                          </Badge>
                        </TableCell>
                        <TableCell>{e.durationMs === null ? '—' : formatDuration(e.durationMs)}</TableCell>
                        <TableCell>
                          <time dateTime={e.at}>{formatDateTime(e.at, i18n.language)}</time>
                        </TableCell>
                        <TableCell>
                          <Button size="small" appearance="subtle" icon={<CallRegular />} aria-label={t('console.callLog.callBack', { name: e.peer.nickname })} onClick={() => callBack(e.peer.uid)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setOpen(false)}>
                {t('console.callLog.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
