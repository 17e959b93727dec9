import {
  DeviceCommand,
  PAGE_SIZE_MAX,
  deviceCommandRecordSchema,
  mediaInfoSchema,
  monitorStopSchema,
  pageSchema,
  sosEventListSchema,
  sosRecordSchema,
  sosSettingsSchema,
} from '@ptt/contracts';
import type { DeviceCommandRecord, MediaInfo, MonitorStop, Page, SosCloseRequest, SosEvent, SosRecord, SosSettings, UpdateSosSettingsRequest } from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The SOS page's server data (docs/adr/025). The open queue provides no tag: SosMsg frames keep it
// current and it is read again when the socket comes back (useOpenQueue), where a refetch per
// frame would only repeat what the frame said. The closed list and a timeline follow the 'Sos'
// tag, which every SosMsg invalidates (BUS_INVALIDATIONS).

const sosPage = pageSchema(sosRecordSchema);

export const CLOSED_PAGE_SIZE = 20;

/** Filters of the closed list: always closed ones. */
export type ClosedFilters = { state: 'closed' };

export const sosApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every open SOS, oldest first: one page of the largest size (200 open at once is a disaster a list cannot help with). */
    openSos: build.query<SosRecord[], void>({
      query: () => ({ path: '/api/sos', query: { state: 'open', size: PAGE_SIZE_MAX, sort: 'startedAt', order: 'asc' }, schema: sosPage }),
      transformResponse: (page: Page<SosRecord>) => page.items,
    }),
    closedSos: build.query<Page<SosRecord>, TableQuery<ClosedFilters>>({
      query: (q) => ({ path: '/api/sos', query: queryParams(q), schema: sosPage }),
      providesTags: ['Sos'],
    }),
    sosEvents: build.query<SosEvent[], number>({
      query: (id) => ({ path: `/api/sos/${id}/events`, schema: sosEventListSchema }),
      providesTags: ['Sos'],
    }),
    ackSos: build.mutation<SosRecord, number>({
      query: (id) => ({ path: `/api/sos/${id}/ack`, method: 'POST', body: {}, schema: sosRecordSchema }),
    }),
    closeSos: build.mutation<SosRecord, { id: number; body: SosCloseRequest }>({
      query: ({ id, body }) => ({ path: `/api/sos/${id}/close`, method: 'POST', body, schema: sosRecordSchema }),
      invalidatesTags: ['Sos'],
    }),
    sosSettings: build.query<SosSettings, void>({
      query: () => ({ path: '/api/sos/settings', schema: sosSettingsSchema }),
    }),
    updateSosSettings: build.mutation<SosSettings, UpdateSosSettingsRequest>({
      query: (body) => ({ path: '/api/sos/settings', method: 'PUT', body, schema: sosSettingsSchema }),
      // The answer is the new settings: put them in the cache instead of asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(sosApi.util.upsertQueryData('sosSettings', undefined, data));
      },
    }),
    /** Environment listen: the Voice command, whose answer carries the device's monitor session. */
    listenTo: build.mutation<DeviceCommandRecord, number>({
      query: (deviceId) => ({ path: `/api/devices/${deviceId}/commands`, method: 'POST', body: { command: DeviceCommand.Voice }, schema: deviceCommandRecordSchema }),
    }),
    stopListening: build.mutation<MonitorStop, number>({
      query: (deviceId) => ({ path: `/api/devices/${deviceId}/monitor/stop`, method: 'POST', body: {}, schema: monitorStopSchema }),
    }),
    mediaInfo: build.query<MediaInfo, void>({
      query: () => ({ path: '/api/ptt/media', schema: mediaInfoSchema }),
    }),
  }),
});

export const {
  useOpenSosQuery,
  useClosedSosQuery,
  useSosEventsQuery,
  useAckSosMutation,
  useCloseSosMutation,
  useSosSettingsQuery,
  useUpdateSosSettingsMutation,
  useListenToMutation,
  useStopListeningMutation,
  useLazyMediaInfoQuery,
} = sosApi;
