import { Body1, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PatrolRun, PatrolRunDetail } from '@ptt/contracts';
import { COMMON_NS, ViewDialog, errorKey } from '@ptt/ui';
import { NS } from '../core/ns';
import { usePatrolRunReplayQuery } from './api';
import { ResultBadge } from './columns';
import { useTimeFormat } from './format';
import { RunReplay } from './RunReplay';

/** A run's detail: its stops by result and its replay on the map. */
export function RunDetailDialog({ run, onClose }: { run: PatrolRun; onClose: () => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const { t: common } = useTranslation(COMMON_NS);
  const { time } = useTimeFormat();
  const result = usePatrolRunReplayQuery(run.id);
  const detail = result.data;
  return (
    <ViewDialog title={t('detail.title', { task: run.task.name, time: time(run.plannedStart) })} onClose={onClose} wide>
      {result.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{common(errorKey(result.error))}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!detail && !result.error ? <Spinner label={t('detail.loading')} /> : null}
      {detail ? (
        <>
          <Body1 block>{t('detail.summary', { status: t(`status.${detail.status}`), start: time(detail.plannedStart) })}</Body1>
          <RunReplay run={detail} />
          <Stops run={detail} />
        </>
      ) : null}
    </ViewDialog>
  );
}

function Stops({ run }: { run: PatrolRunDetail }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const { time } = useTimeFormat();
  return (
    <section aria-labelledby="patrol-run-stops">
      <Text as="h3" weight="semibold" id="patrol-run-stops" block>
        {t('detail.stops')}
      </Text>
      <Table size="small" aria-labelledby="patrol-run-stops">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('detail.seq')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.node')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.planned')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.result')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.checkedAt')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.checkedBy')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {run.nodes.map((n) => (
            <TableRow key={n.seq} data-testid={`patrol-stop-${n.seq}`} data-result={n.result}>
              <TableCell>{n.seq + 1}</TableCell>
              <TableCell>{n.name}</TableCell>
              <TableCell>{time(n.plannedAt)}</TableCell>
              <TableCell>
                <ResultBadge result={n.result} t={t} />
              </TableCell>
              <TableCell>{time(n.checkedAt)}</TableCell>
              <TableCell>{n.checkedBy ? t('user', { nickname: n.checkedBy.nickname, account: n.checkedBy.account }) : t('none')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
