import { Suspense, useState } from 'react';
import {
  Button,
  Caption1,
  Dialog,
  Field,
  Input,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Spinner,
  ToolbarButton,
  Tooltip,
} from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '@ptt/contracts';
import { NS } from '../core';
import { formatCoordinate } from './format';
import { MapPoint, useMapStyles } from './LocationDialog';

/** Typed coordinates as a point, or null when either is not a valid WGS-84 value. */
export function parsePoint(lngText: string, latText: string): LngLat | null {
  if (lngText.trim() === '' || latText.trim() === '') return null;
  const lng = Number(lngText);
  const lat = Number(latText);
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return { lng, lat };
}

/** Pick a point on a map (a click sets it); OK sends it as a WGS-84 location. */
export function LocationPicker({ disabled, onPick }: { disabled: boolean; onPick: (p: LngLat) => void }) {
  const { t } = useTranslation(NS);
  const styles = useMapStyles();
  const [open, setOpen] = useState(false);
  const [point, setPointState] = useState<LngLat | null>(null);
  const [typed, setTyped] = useState({ lng: '', lat: '' });
  const setPoint = (p: LngLat | null) => {
    setPointState(p);
    setTyped(p ? { lng: formatCoordinate(p.lng), lat: formatCoordinate(p.lat) } : { lng: '', lat: '' });
  };
  const applyTyped = () => setPointState(parsePoint(typed.lng, typed.lat));
  const close = () => {
    setOpen(false);
    setPoint(null);
  };
  return (
    <Dialog open={open} onOpenChange={(_e, d) => (d.open ? setOpen(true) : close())}>
      <DialogTrigger disableButtonEnhancement>
        <Tooltip content={t('chat.pickLocation')} relationship="label">
          <ToolbarButton icon={<LocationRegular />} disabled={disabled} />
        </Tooltip>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('chat.pickLocation')}</DialogTitle>
          <DialogContent>
            <div className={styles.map}>
              <Suspense fallback={<Spinner label={t('chat.mapLoading')} />}>
                <MapPoint point={point} ariaLabel={t('chat.pickMapLabel')} onPick={setPoint} />
              </Suspense>
            </div>
            <Caption1 role="status">
              {point
                ? t('chat.coordinates', { lng: formatCoordinate(point.lng), lat: formatCoordinate(point.lat) })
                : t('chat.pickHint')}
            </Caption1>
            {/* The same point by keyboard: typed coordinates. */}
            <div className={styles.fields}>
              <Field label={t('chat.longitude')}>
                <Input type="number" value={typed.lng} onChange={(_e, d) => setTyped({ ...typed, lng: d.value })} onBlur={applyTyped} />
              </Field>
              <Field label={t('chat.latitude')}>
                <Input type="number" value={typed.lat} onChange={(_e, d) => setTyped({ ...typed, lat: d.value })} onBlur={applyTyped} />
              </Field>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('chat.cancel')}</Button>
            <Button
              appearance="primary"
              disabled={!point && !parsePoint(typed.lng, typed.lat)}
              onClick={() => {
                const chosen = parsePoint(typed.lng, typed.lat) ?? point;
                if (chosen) onPick(chosen);
                close();
              }}
            >
              {t('chat.sendLocation')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
