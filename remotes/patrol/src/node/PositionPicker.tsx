import { Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat, PttMap } from '@ptt/map';
import { COMMON_NS } from '@ptt/ui';
import { COLORS, DraggablePin, NS, NodeMarks, PatrolMap, fitPlaces, type NodeMark } from '../core';

interface Props {
  lng: string;
  lat: string;
  /** The place chosen on the map or typed (degrees as text, WGS-84). */
  onChange: (next: { lng: string; lat: string }) => void;
  radiusM: number;
  /** The organisation's other nodes, for bearings. */
  others: readonly NodeMark[];
  /** i18n key of the position's error. */
  error?: string;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  coords: { display: 'flex', gap: tokens.spacingHorizontalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Six decimals: about 10 cm, finer than any GPS a guard carries. */
const degrees = (v: number) => v.toFixed(6);

/** Places a node: a click on the map puts the pin there, the pin can be dragged, or the degrees typed. */
export function PositionPicker({ lng, lat, onChange, radiusM, others, error }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node.dialog' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const place = (p: LngLat) => onChange({ lng: degrees(p.lng), lat: degrees(p.lat) });
  const at = Number.isFinite(Number(lng)) && Number.isFinite(Number(lat)) && lng.trim() !== '' && lat.trim() !== '' ? { lng: Number(lng), lat: Number(lat) } : null;
  const start = useRef(at);

  return (
    <div className={styles.root} role="group" aria-label={t('position')}>
      <Text weight="semibold">{t('position')}</Text>
      <Text size={200}>{t('positionHint')}</Text>
      <PatrolMap
        label={t('mapLabel')}
        height={340}
        zoom={16}
        center={start.current ?? others[0]}
        onReady={(map) => fitPlaces(map, start.current ? [start.current] : others, 16)}
        draw={(projector, map) => (
          <>
            <NodeMarks projector={projector} nodes={others} color={COLORS.disabled} />
            {at && <DraggablePin projector={projector} map={map} at={at} radiusM={radiusM} label={t('pin')} onMove={place} />}
          </>
        )}
      >
        {(map) => <MapClick map={map} onClick={place} />}
      </PatrolMap>
      <div className={styles.coords}>
        <Field label={t('lng')}>
          <Input type="number" value={lng} onChange={(_e, d) => onChange({ lng: d.value, lat })} />
        </Field>
        <Field label={t('lat')}>
          <Input type="number" value={lat} onChange={(_e, d) => onChange({ lng, lat: d.value })} />
        </Field>
      </div>
      {error && (
        <Text role="alert" className={styles.error}>
          {tCommon(error)}
        </Text>
      )}
    </div>
  );
}

/** A click on the map's tiles, read back as WGS-84. */
function MapClick({ map, onClick }: { map: PttMap; onClick: (p: LngLat) => void }) {
  const ref = useRef(onClick);
  useEffect(() => {
    ref.current = onClick;
  }, [onClick]);
  useEffect(() => {
    const click = (e: { latlng: Parameters<PttMap['fromLatLng']>[0] }) => ref.current(map.fromLatLng(e.latlng));
    map.leaflet.on('click', click);
    return () => {
      map.leaflet.off('click', click);
    };
  }, [map]);
  return null;
}
