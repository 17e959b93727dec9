import { Button, Caption1, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '@ptt/ui';
import { NS, useRecords } from '../core';

const PositionMap = lazy(() => import('./PositionMap'));

const useStyles = makeStyles({
  box: { height: '420px', minWidth: 'min(640px, calc(100vw - 96px))', borderRadius: tokens.borderRadiusLarge, overflow: 'hidden' },
});

export interface PositionButtonProps {
  lng: number | null;
  lat: number | null;
}

/** A record's longitude and latitude; the button beside them opens the place on the map. */
export function PositionButton({ lng, lat }: PositionButtonProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'position' });
  const [open, setOpen] = useState(false);
  if (lng === null || lat === null) return null;
  const shown = { lng: lng.toFixed(6), lat: lat.toFixed(6) };
  return (
    <>
      <Button appearance="subtle" size="small" icon={<LocationRegular />} aria-label={t('show', shown)} title={t('show', shown)} onClick={() => setOpen(true)} />
      {open && <PositionDialog lng={lng} lat={lat} onClose={() => setOpen(false)} />}
    </>
  );
}

function PositionDialog({ lng, lat, onClose }: { lng: number; lat: number; onClose: () => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'position' });
  const styles = useStyles();
  const { map } = useRecords();
  return (
    <ViewDialog title={t('title')} onClose={onClose} wide>
      <div className={styles.box}>
        <Suspense fallback={<Spinner size="small" label={t('loading')} />}>
          <PositionMap point={{ lng, lat }} settings={map} ariaLabel={t('map')} />
        </Suspense>
      </div>
      <Caption1>{t('where', { lng: lng.toFixed(6), lat: lat.toFixed(6) })}</Caption1>
    </ViewDialog>
  );
}
