import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Device } from '@ptt/contracts';
import { COMMON_NS, ViewDialog, errorKey } from '@ptt/ui';
import { NS } from '../../core';
import { useDeviceMonitorInfoQuery } from '../api';
import { formatTime } from '../format';

interface Props {
  device: Device;
  onClose: () => void;
}

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0 },
  pair: { display: 'contents' },
});

/**
 * The monitor info of spec section 3 (user id, device id, device model, phone, last online), from
 * GET /api/devices/{id}/monitor-info: model and phone are what the handset last answered to the
 * device info command, last online the newest activity of its account's sessions.
 */
export function DeviceDetailsDialog({ device, onClose }: Props) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'devices' });
  const { t: common } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const { data: info, error, isLoading } = useDeviceMonitorInfoQuery(device.id, { refetchOnMountOrArgChange: true });
  const title = t('details.title', { name: device.name });
  const notReported = t('details.notReported');
  const rows: [string, string][] = info
    ? [
        [t('details.userId'), info.userId === null ? t('none') : String(info.userId)],
        [t('details.deviceId'), String(info.deviceId)],
        [t('details.model'), info.model ?? notReported],
        [t('details.phone'), info.phone ?? notReported],
        [t('details.lastOnline'), info.lastOnline ? formatTime(info.lastOnline, i18n.language) : t('details.never')],
        [t('details.onlineNow'), t(`online.${String(info.online)}`)],
      ]
    : [];
  return (
    <ViewDialog title={title} onClose={onClose}>
      <Text as="h3" weight="semibold">
        {t('details.monitor')}
      </Text>
      {isLoading && <Spinner size="small" label={t('details.loading')} />}
      {error !== undefined && <Text role="alert">{common(errorKey(error))}</Text>}
      {info && (
        <dl className={styles.list} aria-label={t('details.monitor')}>
          {rows.map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </ViewDialog>
  );
}
