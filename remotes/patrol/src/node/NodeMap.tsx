import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import type { PttMap } from '@ptt/map';
import { NS, NodeMarks, PatrolMap, fitPlaces } from '../core';

interface Props {
  nodes: readonly PatrolNode[];
  selectedId: number | null;
  onSelect: (node: PatrolNode) => void;
}

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, position: 'sticky', top: 0 },
});

/** Every node of the organisation with its radius; the selected one highlighted and brought into view. */
export function NodeMap({ nodes, selectedId, onSelect }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node.map' });
  const styles = useStyles();
  const [map, setMap] = useState<PttMap | null>(null);
  const count = nodes.length;

  // Frame them all once they are known (and when nodes are added or removed).
  useEffect(() => {
    if (map && count > 0) fitPlaces(map, nodes);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, count]);

  useEffect(() => {
    const node = nodes.find((n) => n.id === selectedId);
    if (map && node) map.focus(node, Math.max(map.leaflet.getZoom(), 16));
    // Only a new selection moves the map, not a refetch of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selectedId]);

  return (
    <aside aria-label={t('label')} className={styles.pane}>
      <PatrolMap
        label={t('label')}
        height="min(560px, 70vh)"
        onReady={setMap}
        draw={(projector) => (
          <NodeMarks projector={projector} nodes={nodes} selectedId={selectedId} onPress={(n) => onSelect(n as PatrolNode)} pressLabel={(n) => t('select', { name: n.name })} />
        )}
      />
    </aside>
  );
}
