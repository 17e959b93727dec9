import { Body1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { PatrolDashboard } from '@ptt/contracts';
import { NS } from '../core/ns';
import { ChartFrame } from './ChartFrame';
import { SERIES_COLORS } from './chartStyle';
import { useChartWidth } from './useChartWidth';
import { count } from './format';

/** Members drawn in the chart; the table lists every member the server sent (at most 50). */
export const CHART_MEMBERS = 10;
const STACK = ['onTime', 'early', 'late'] as const;
const ROW_HEIGHT = 32;

/** The most active members' check-ins, on time, early and late, as horizontal stacked bars. */
export function MemberChart({ members }: { members: PatrolDashboard['members'] }) {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard' });
  const { ref, width } = useChartWidth();
  const top = useMemo(() => members.slice(0, CHART_MEMBERS).map((m) => ({ ...m, label: m.nickname || m.account })), [members]);
  const height = Math.max(120, top.length * ROW_HEIGHT + 60);
  const chart = (
    <div ref={ref}>
      {top.length === 0 ? (
        <Body1>{t('members.none')}</Body1>
      ) : (
      <BarChart width={width} height={height} data={top} layout="vertical" title={t('members.title')} desc={t('members.desc')} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={120} />
          <Tooltip />
          <Legend />
          {STACK.map((key) => (
            <Bar key={key} dataKey={key} name={t(`series.${key}`)} stackId="checkins" fill={SERIES_COLORS[key]} isAnimationActive={false} />
          ))}
      </BarChart>
      )}
    </div>
  );
  const table = (
    <Table size="small" aria-label={t('members.title')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('members.member')}</TableHeaderCell>
          <TableHeaderCell>{t('series.checkins')}</TableHeaderCell>
          {STACK.map((key) => (
            <TableHeaderCell key={key}>{t(`series.${key}`)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => (
          <TableRow key={m.uid} data-testid={`patrol-member-${m.uid}`}>
            <TableCell>{`${m.nickname} (${m.account})`}</TableCell>
            <TableCell>{count(m.checkins)}</TableCell>
            {STACK.map((key) => (
              <TableCell key={key}>{count(m[key])}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return <ChartFrame title={t('members.title')} desc={t('members.desc')} chart={chart} table={table} testId="patrol-members-chart" />;
}
