import { Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fence } from '@ptt/contracts';
import { FenceOverlay, MapView, type PttMap } from '@ptt/map';
import { NS, formatDwell, ruleName, useFences } from '../core';

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  map: { height: '320px', position: 'relative', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
});

/**
 * One map beside the list showing the chosen fence: a list of a hundred fences would be a
 * hundred maps (and tile loads) if each row had its own thumbnail.
 */
export function FencePreview({ fence }: { fence: Fence | null }) {
  const { t } = useTranslation(NS, { keyPrefix: 'list.preview' });
  const { t: tc } = useTranslation(NS, { keyPrefix: 'core' });
  const styles = useStyles();
  const { map: settings } = useFences();
  const [map, setMap] = useState<PttMap | null>(null);
  // The same drawing as the dispatch map's fence layer (colour by rule, grey when stopped); a new
  // list only when the fence changes, so the map frames it again only then.
  const shown = useMemo(() => (fence ? [fence] : []), [fence]);

  return (
    <aside aria-label={t('label')} className={styles.pane}>
      <Subtitle2 as="h2">{fence ? fence.name : t('label')}</Subtitle2>
      <div className={styles.map}>
        <MapView settings={settings} ariaLabel={fence ? t('mapLabel', { name: fence.name }) : t('label')} onReady={setMap} />
        <FenceOverlay map={map} fences={shown} fit labels="always" />
      </div>
      {fence ? (
        <Text>
          {fence.shape.type === 'circle' ? t('circle', { radius: Math.round(fence.shape.radius) }) : t('polygon', { count: fence.shape.points.length })}
          {' · '}
          {ruleName(tc, fence.rule)}
          {' · '}
          {formatDwell(tc, fence.dwellS)}
        </Text>
      ) : (
        <Text>{t('none')}</Text>
      )}
    </aside>
  );
}
