import { Suspense, lazy } from 'react';
import { Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '@ptt/contracts';
import { NS } from '../core';
import { formatCoordinate } from './format';

export const MapPoint = lazy(() => import('./MapPoint'));

export const useMapStyles = makeStyles({
  map: { height: '360px', width: '100%', position: 'relative' },
  fields: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/** A received location on a small map. */
export function LocationDialog({ point, coord, onClose }: { point: LngLat; coord: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const styles = useMapStyles();
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('chat.type.location')}</DialogTitle>
          <DialogContent>
            <div className={styles.map}>
              <Suspense fallback={<Spinner label={t('chat.mapLoading')} />}>
                <MapPoint point={point} coord={coord} ariaLabel={t('chat.mapLabel')} />
              </Suspense>
            </div>
            <Caption1>
              {t('chat.coordinates', { lng: formatCoordinate(point.lng), lat: formatCoordinate(point.lat) })}{' '}
              {t(coord === 1 ? 'chat.coordGcj02' : 'chat.coordWgs84')}
            </Caption1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('chat.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
