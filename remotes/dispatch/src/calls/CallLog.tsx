import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular, CallRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '@ptt/contracts';
import { DataTable, ViewDialog, useListResult, useTableQuery, type DataColumn } from '@ptt/ui';
import { formatDuration } from '../chat';
import { NS, formatDateTime, requestCall, useAppDispatch, useAppSelector, useConsole } from '../core';
import { useOwnCallsQuery } from './api';
import { isEnded } from './state/call';
import { callLogEntry, callLogSeenKey, unseenMissed, type CallLogEntry, type CallOutcome } from './state/callLog';

/** How many recent calls the log shows a page. */
export const CALL_LOG_SIZE = 50;

const useStyles = makeStyles({
  missed: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const OUTCOME_COLOR: Partial<Record<CallOutcome, 'danger' | 'success' | 'warning' | 'informative'>> = {
  answered: 'success',
  missed: 'danger',
  failed: 'warning',
  active: 'informative',
};

/** Records as the log shows them, from the signed-in user's side. */
function entriesOf(records: readonly CallRecord[] | undefined, selfId: number | null): CallLogEntry[] {
  return selfId === null || !records ? [] : records.map((r) => callLogEntry(r, selfId));
}

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
  const { session } = useConsole();
  const selfId = session?.id ?? null;
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState<string | null>(null);
  const { query, setQuery } = useTableQuery({ page: 1, size: CALL_LOG_SIZE, filters: {} });
  // The newest page counts the missed calls; the dialog may page further back.
  const newest = useOwnCallsQuery({ userId: selfId ?? 0, page: 1, size: CALL_LOG_SIZE }, { skip: selfId === null });
  const shown = useOwnCallsQuery({ userId: selfId ?? 0, page: query.page, size: CALL_LOG_SIZE }, { skip: selfId === null || !open });
  const call = useAppSelector((s) => s.call.call);
  // Reload when a call ends (missed, answered, declined...): its record is final then.
  const endedCall = call && isEnded(call) ? call.callId : null;
  const { refetch } = newest;
  useEffect(() => {
    if (endedCall !== null && selfId !== null) void refetch();
  }, [endedCall, selfId, refetch]);
  useEffect(() => {
    if (selfId !== null) setSeenAt(readSeen(selfId));
  }, [selfId]);

  const missed = useMemo(() => unseenMissed(entriesOf(newest.data?.items, selfId), seenAt), [newest.data, seenAt, selfId]);
  const list = useListResult({ ...shown, data: shown.data && { total: shown.data.total, items: entriesOf(shown.data.items, selfId) } });

  const show = () => {
    setOpen(true);
    void refetch();
    if (selfId === null) return;
    const now = new Date().toISOString();
    setSeenAt(now);
    try {
      localStorage.setItem(callLogSeenKey(selfId), now);
    } catch {
      // not kept: the badge comes back after a reload
    }
  };

  const columns = useMemo((): DataColumn<CallLogEntry>[] => {
    const callBack = (uid: number) => {
      setOpen(false);
      dispatch(requestCall(uid));
    };
    return [
      { id: 'who', header: t('console.callLog.who'), required: true, cell: (e) => <span className={e.outcome === 'missed' ? styles.missed : undefined}>{e.peer.nickname}</span> },
      { id: 'direction', header: t('console.callLog.direction'), cell: (e) => t(`console.callLog.${e.direction}`) },
      {
        id: 'outcome',
        header: t('console.callLog.outcome'),
        cell: (e) => (
          <Badge appearance="tint" color={OUTCOME_COLOR[e.outcome] ?? 'subtle'}>
            {t(`console.callLog.outcomes.${e.outcome}`)}
          </Badge>
        ),
      },
      { id: 'duration', header: t('console.callLog.duration'), cell: (e) => (e.durationMs === null ? '—' : formatDuration(e.durationMs)) },
      { id: 'time', header: t('console.callLog.time'), cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at, i18n.language)}</time> },
      {
        id: 'actions',
        header: t('console.callLog.actions'),
        required: true,
        cell: (e) => (
          <Button size="small" appearance="subtle" icon={<CallRegular />} aria-label={t('console.callLog.callBack', { name: e.peer.nickname })} onClick={() => callBack(e.peer.uid)} />
        ),
      },
    ];
  }, [t, i18n.language, styles, dispatch]);

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
      {open && (
        <ViewDialog title={t('console.callLog.title')} onClose={() => setOpen(false)} wide>
          <DataTable
            label={t('console.callLog.title')}
            columns={columns}
            {...list}
            rowId={(e) => e.id}
            rowTestId={() => 'call-log-entry'}
            rowData={(e) => ({ 'data-outcome': e.outcome, 'data-direction': e.direction })}
            query={query}
            onQueryChange={setQuery}
            emptyText={t('console.callLog.empty')}
            columnsKey="callLog"
          />
        </ViewDialog>
      )}
    </>
  );
}
