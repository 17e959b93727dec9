import { Button, Popover, PopoverSurface, PopoverTrigger, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FENCE_COLORS, STATUS_COLORS } from '@ptt/map';
import type { MemberStatus } from '@ptt/map';
import { NS } from '../core';
import { TALK_COLOR } from './talkerMarkers';
import { STALE_AFTER_MS } from './useLiveRoster';

// Invisible members look offline (that is the point of invisible), so the legend does not list it.
const LEGEND_STATUSES: readonly MemberStatus[] = ['online', 'busy', 'away', 'dnd', 'offline', 'unknown'];
// The look of the map layer's markers (@ptt/map draw.ts, selectedMarker.ts): a stale position is
// hollow and faded; the selected member has a blue ring; a talker a purple halo (talkerMarkers.ts).
const RING = '#1f5fa8';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { boxSizing: 'border-box', width: '12px', height: '12px', borderRadius: '50%', border: '2px solid #ffffff', flexShrink: 0 },
  title: { margin: `0 0 ${tokens.spacingVerticalS}` },
  fence: { boxSizing: 'border-box', width: '16px', height: '12px', flexShrink: 0 },
});

/** What the marker colours mean: one per presence status, and how an old position looks; the fence colours for staff. */
export function MapLegend({ fences }: { fences: boolean }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('live.legend.button')} relationship="label">
          <Button appearance="subtle" icon={<InfoRegular />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface aria-labelledby="live-legend-title">
        <h3 id="live-legend-title" className={styles.title}>
          {t('live.legend.title')}
        </h3>
        <ul className={styles.list}>
          {LEGEND_STATUSES.map((status) => (
            <li key={status} className={styles.item}>
              <span className={styles.swatch} style={{ backgroundColor: STATUS_COLORS[status], outline: `1px solid ${STATUS_COLORS[status]}` }} aria-hidden />
              {t(`common:userStatus.${status}`)}
            </li>
          ))}
          <li className={styles.item}>
            <span className={styles.swatch} style={{ backgroundColor: '#ffffff', borderColor: STATUS_COLORS.online, opacity: 0.55 }} aria-hidden />
            {t('live.legend.stale', { minutes: Math.round(STALE_AFTER_MS / 60_000) })}
          </li>
          <li className={styles.item}>
            <span className={styles.swatch} style={{ backgroundColor: STATUS_COLORS.online, boxShadow: `0 0 0 3px ${RING}` }} aria-hidden />
            {t('live.legend.selected')}
          </li>
          <li className={styles.item}>
            <span className={styles.swatch} style={{ backgroundColor: STATUS_COLORS.online, boxShadow: `0 0 0 3px ${TALK_COLOR}, 0 0 6px 4px ${TALK_COLOR}` }} aria-hidden />
            {t('live.legend.talking')}
          </li>
          {fences ? (
            <>
              <li className={styles.item}>
                <span className={styles.fence} style={{ border: `2px dashed ${FENCE_COLORS.leave}` }} aria-hidden />
                {t('fences.legend.leave')}
              </li>
              <li className={styles.item}>
                <span className={styles.fence} style={{ border: `2px solid ${FENCE_COLORS.stay}` }} aria-hidden />
                {t('fences.legend.stay')}
              </li>
            </>
          ) : null}
        </ul>
      </PopoverSurface>
    </Popover>
  );
}
