import { Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolMember } from '@ptt/contracts';
import type { PttMap } from '@ptt/map';
import { COLORS, MemberMarks, NS, NodeMarks, PatrolMap, RouteLine, fitPlaces, type MemberMark, type NodeMark } from '../core';
import { usePatrolMemberRunQuery } from './api';

interface Props {
  members: readonly PatrolMember[];
  selected: PatrolMember | null;
  onSelect: (uid: number) => void;
}

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, position: 'sticky', top: 0 },
});

/** Members at their latest positions; the selected member's run with its pending nodes in route order. */
export function MemberMap({ members, selected, onSelect }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'member.map' });
  const styles = useStyles();
  const [map, setMap] = useState<PttMap | null>(null);
  const runId = selected?.currentRun?.id ?? null;
  const run = usePatrolMemberRunQuery(runId ?? 0, { skip: runId === null }).data;
  const pending: NodeMark[] = useMemo(
    () => (run && run.id === runId ? run.nodes.filter((n) => n.result === 'pending').map((n) => ({ id: n.seq + 1, name: n.name, lng: n.lng, lat: n.lat, radiusM: n.radiusM })) : []),
    [run, runId],
  );
  const marks: MemberMark[] = members.filter((m) => m.position).map((m) => ({ uid: m.uid, name: m.nickname, online: m.online, lng: m.position!.lng, lat: m.position!.lat }));
  const count = marks.length;

  useEffect(() => {
    if (map && count > 0) fitPlaces(map, marks, 16);
    // Framed when members appear, not on every position refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, count]);

  const uid = selected?.uid ?? null;
  useEffect(() => {
    const at = selected?.position;
    if (map && at) map.focus(at, Math.max(map.leaflet.getZoom(), 16));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, uid]);

  return (
    <aside aria-label={t('label')} className={styles.pane}>
      {selected && <Subtitle2 as="h2">{selected.nickname}</Subtitle2>}
      <PatrolMap
        label={t('label')}
        height="min(560px, 70vh)"
        onReady={setMap}
        draw={(projector) => (
          <>
            <g data-testid="pending-nodes" data-count={pending.length}>
              <RouteLine projector={projector} stops={pending} color={COLORS.pending} />
              <NodeMarks projector={projector} nodes={pending} color={COLORS.pending} />
            </g>
            <MemberMarks projector={projector} members={marks} selectedUid={uid} onPress={(m) => onSelect(m.uid)} pressLabel={(m) => t('select', { name: m.name })} />
          </>
        )}
      />
      {selected && run && run.id === runId && <Text size={200}>{t('pending', { name: selected.nickname, task: run.task.name })}</Text>}
      {selected && !selected.position && <Text size={200}>{t('noPosition', { name: selected.nickname })}</Text>}
    </aside>
  );
}
