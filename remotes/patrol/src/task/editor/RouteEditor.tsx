import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import type { PttMap } from '@ptt/map';
import { COMMON_NS } from '@ptt/ui';
import { NS, NodeMarks, PatrolMap, RouteLine, fitPlaces, formatDuration, fromMmSs } from '../../core';
import { newStop, type StopDraft } from './taskForm';

interface Props {
  route: StopDraft[];
  nodes: readonly PatrolNode[];
  onChange: (route: StopDraft[]) => void;
  /** i18n key of the route's error. */
  error?: string;
  /** A stop's own error (i18n key), by its index. */
  stopErrors: Record<number, string>;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  stop: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 96px 96px auto', gap: tokens.spacingHorizontalS, alignItems: 'center', padding: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tools: { display: 'flex' },
  head: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 96px 96px auto', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1, gridColumn: '1 / -1' },
});

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** The route: stops in walking order with planned times and tolerances, built on a map or from a list. */
export function RouteEditor({ route, nodes, onChange, error, stopErrors }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.editor.route' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const [map, setMap] = useState<PttMap | null>(null);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const add = (nodeId: number) => onChange([...route, newStop(route, nodeId)]);
  const set = (i: number, next: Partial<StopDraft>) => onChange(route.map((s, j) => (j === i ? { ...s, ...next } : s)));
  const placed = route.map((s) => byId.get(s.nodeId)).filter((n): n is PatrolNode => n !== undefined);
  // Places of a node in the route, '1' or '1, 5' (the gate at the start and at the end).
  const badges = new Map<number, string>();
  route.forEach((s, i) => badges.set(s.nodeId, badges.has(s.nodeId) ? `${badges.get(s.nodeId)}, ${i + 1}` : String(i + 1)));
  const offsets = route.map((s) => fromMmSs(s.offset));
  const span = offsets.length > 1 && offsets.every(Number.isFinite) ? (offsets[offsets.length - 1] ?? 0) - (offsets[0] ?? 0) : null;
  const nodeLabel = (n: PatrolNode) => (n.enabled ? n.name : t('disabled', { name: n.name }));

  // Frame the route once the map and the nodes are there; a new task frames every node.
  const framed = placed.length > 0 ? placed : nodes;
  const ready = map !== null && nodes.length > 0;
  useEffect(() => {
    if (ready && map) fitPlaces(map, framed);
    // Once: the map is not moved under the user as the route grows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  return (
    <section className={styles.root} aria-labelledby="patrol-route-title">
      <Text weight="semibold" id="patrol-route-title">
        {t('label')}
      </Text>
      <Text size={200}>{t('hint')}</Text>
      <PatrolMap
        label={t('mapLabel')}
        height={400}
        onReady={setMap}
        draw={(projector) => (
          <>
            <RouteLine projector={projector} stops={placed} />
            <NodeMarks projector={projector} nodes={nodes} badges={badges} onPress={(n) => add(n.id)} pressLabel={(n) => t('addOnMap', { name: n.name })} />
          </>
        )}
      />
      <Field label={t('add')}>
        <Select
          value=""
          onChange={(_e, d) => {
            if (d.value !== '') add(Number(d.value));
          }}
        >
          <option value="">{t('choose')}</option>
          {nodes.map((n) => (
            <option key={n.id} value={String(n.id)}>
              {nodeLabel(n)}
            </option>
          ))}
        </Select>
      </Field>
      {route.length === 0 ? (
        <Text size={200}>{t('empty')}</Text>
      ) : (
        <>
          <div className={styles.head} aria-hidden>
            <span />
            <Text size={200}>{t('offset')}</Text>
            <Text size={200}>{t('tolerance')}</Text>
          </div>
          <ol className={styles.list} aria-label={t('label')}>
            {route.map((s, i) => {
              const n = i + 1;
              const name = byId.get(s.nodeId)?.name ?? `#${s.nodeId}`;
              const problem = stopErrors[i];
              return (
                <li key={s.key} className={styles.stop} data-testid={`stop-${i}`} aria-label={t('stop', { n, name })}>
                  <Text className={styles.name}>{`${n}. ${name}`}</Text>
                  <Input size="small" value={s.offset} aria-label={t('offsetOf', { n })} aria-invalid={problem ? true : undefined} onChange={(_e, d) => set(i, { offset: d.value })} />
                  <Input size="small" value={s.tolerance} aria-label={t('toleranceOf', { n })} onChange={(_e, d) => set(i, { tolerance: d.value })} />
                  <span className={styles.tools}>
                    <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} disabled={i === 0} aria-label={t('up', { n })} onClick={() => onChange(move(route, i, i - 1))} />
                    <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} disabled={i === route.length - 1} aria-label={t('down', { n })} onClick={() => onChange(move(route, i, i + 1))} />
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('remove', { n })} onClick={() => onChange(route.filter((_s, j) => j !== i))} />
                  </span>
                  {problem && (
                    <Text role="alert" size={200} className={styles.error}>
                      {tCommon(problem)}
                    </Text>
                  )}
                </li>
              );
            })}
          </ol>
          {span !== null && <Text size={200}>{t('span', { span: formatDuration(tc, span) })}</Text>}
        </>
      )}
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
    </section>
  );
}
