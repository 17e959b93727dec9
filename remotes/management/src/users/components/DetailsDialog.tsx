import { Spinner, Subtitle2, Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDetail, UserSummary } from '@ptt/contracts';
import { COMMON_NS, DataTable, ViewDialog, errorKey, type DataColumn, type TableQuery } from '@ptt/ui';
import { NS } from '../../core';
import { useUserDetailQuery } from '../api';

type Device = UserDetail['devices'][number];
type Channel = UserDetail['channels'][number];

interface Props {
  user: UserSummary;
  onClose: () => void;
}

// The member's devices and channels arrive whole with the user (a handful each): one page.
const ONE_PAGE: TableQuery = { page: 1, size: 1000, filters: {} };
const ignore = () => undefined;

/** The member's devices and channels, from GET /api/users/{id}. */
export function DetailsDialog({ user, onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const { t: common } = useTranslation(COMMON_NS);
  const { data, isFetching, error, refetch } = useUserDetailQuery(user.id);
  const deviceColumns = useMemo(
    (): DataColumn<Device>[] => [
      { id: 'name', header: t('details.deviceName'), cell: (d) => d.name, required: true },
      { id: 'imei', header: t('details.imei'), cell: (d) => d.imei ?? t('none') },
      { id: 'platform', header: t('details.platform'), cell: (d) => d.platform },
    ],
    [t],
  );
  const channelColumns = useMemo(
    (): DataColumn<Channel>[] => [
      { id: 'id', header: t('details.channelId'), cell: (c) => c.id },
      { id: 'name', header: t('details.channelName'), cell: (c) => c.name, required: true },
    ],
    [t],
  );
  const failed = error ? common(errorKey(error)) : null;
  return (
    <ViewDialog title={t('details.title', { name: user.nickname })} onClose={onClose} wide>
      {!data && isFetching && <Spinner size="small" />}
      <Subtitle2 as="h3">{t('details.devices')}</Subtitle2>
      {data && data.devices.length === 0 ? (
        <Text>{t('details.noDevices')}</Text>
      ) : (
        <DataTable
          label={t('details.devices')}
          columns={deviceColumns}
          rows={data?.devices}
          total={data?.devices.length ?? 0}
          rowId={(d) => d.id}
          query={ONE_PAGE}
          onQueryChange={ignore}
          error={failed}
          onRetry={() => void refetch()}
        />
      )}
      <Subtitle2 as="h3">{t('details.channels')}</Subtitle2>
      {data && data.channels.length === 0 ? (
        <Text>{t('details.noChannels')}</Text>
      ) : (
        <DataTable
          label={t('details.channels')}
          columns={channelColumns}
          rows={data?.channels}
          total={data?.channels.length ?? 0}
          rowId={(c) => c.id}
          query={ONE_PAGE}
          onQueryChange={ignore}
          error={failed}
          onRetry={() => void refetch()}
        />
      )}
    </ViewDialog>
  );
}
