import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { PatrolDashboard } from '@ptt/contracts';
import { NS } from '../core/ns';
import { ChartFrame } from './ChartFrame';
import { completionRate, count, dayLabel, percent } from './format';
import { CHART_HEIGHT, SERIES_COLORS } from './chartStyle';
import { useChartWidth } from './useChartWidth';

const STACK = ['onTime', 'early', 'late', 'missed'] as const;

/** Per day: checkpoints on time, early, late and missed as stacked bars, the completion rate as a line. */
export function DayChart({ days }: { days: PatrolDashboard['days'] }) {
  const { t } = useTranslation(NS, { keyPrefix: 'dashboard' });
  const { ref, width } = useChartWidth();
  const data = useMemo(() => days.map((d) => ({ ...d, label: dayLabel(d.day), rate: completionRate(d) })), [days]);
  const chart = (
    <div ref={ref}>
      <ComposedChart width={width} height={CHART_HEIGHT} data={data} title={t('days.title')} desc={t('days.desc')} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={tokens.colorNeutralStroke2} />
        <XAxis dataKey="label" />
        <YAxis yAxisId="count" allowDecimals={false} />
        <YAxis yAxisId="rate" orientation="right" domain={[0, 1]} tickFormatter={(v: number) => percent(v) ?? ''} />
        <Tooltip formatter={(value, name) => (name === t('series.completionRate') ? (percent(typeof value === 'number' ? value : null) ?? t('today.none')) : value)} />
        <Legend />
        {STACK.map((key) => (
          <Bar key={key} yAxisId="count" dataKey={key} name={t(`series.${key}`)} stackId="checkpoints" fill={SERIES_COLORS[key]} isAnimationActive={false} />
        ))}
        <Line yAxisId="rate" dataKey="rate" name={t('series.completionRate')} stroke={SERIES_COLORS.rate} strokeWidth={2} connectNulls isAnimationActive={false} />
      </ComposedChart>
    </div>
  );
  const table = (
    <Table size="small" aria-label={t('days.title')}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('days.day')}</TableHeaderCell>
          <TableHeaderCell>{t('days.runs')}</TableHeaderCell>
          {STACK.map((key) => (
            <TableHeaderCell key={key}>{t(`series.${key}`)}</TableHeaderCell>
          ))}
          <TableHeaderCell>{t('series.completionRate')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((d) => (
          <TableRow key={d.day} data-testid={`patrol-day-${d.day}`}>
            <TableCell>{d.day}</TableCell>
            <TableCell>{count(d.runs)}</TableCell>
            {STACK.map((key) => (
              <TableCell key={key}>{count(d[key])}</TableCell>
            ))}
            <TableCell>{percent(d.rate) ?? t('today.none')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return <ChartFrame title={t('days.title')} desc={t('days.desc')} chart={chart} table={table} testId="patrol-days-chart" />;
}
