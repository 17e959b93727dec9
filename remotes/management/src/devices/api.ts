import { pickerQuery } from '../core';
import {
  batchActivationSchema,
  deviceLogEntrySchema,
  deviceMonitorInfoSchema,
  deviceSchema,
  pageSchema,
  Role,
  userSummarySchema,
  type BatchActivateRequest,
  type BatchActivation,
  type CreateDeviceRequest,
  type Device,
  type DeviceLogEntry,
  type DeviceMonitorInfo,
  type Page,
  type UpdateDeviceRequest,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The devices page's server data. Every answer is checked against its contracts schema; every
// read provides the 'Device' tag and every change invalidates it, so this page, an open log and
// other consoles (DeviceInfo frames with t DeviceChange on the bus) refetch. A binding also
// changes what the users page shows (a user's devices), so account changes invalidate 'User' too.

export const DEVICE_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 10;
/** Accounts offered per search in the account picker. */
export const ACCOUNT_OPTIONS_SIZE = 20;
/** Dispatchers offered in the device form: an organisation has a handful. */
export const DISPATCHER_OPTIONS_SIZE = 100;

/** Filters of GET /api/devices the toolbar sets ('' = any). */
export type DeviceFilters = { q: string; platform: string; status: string; active: string };

/** The three calls that bind an account to a device, one path each. */
export type AccountAction = 'activate' | 'reactivate' | 'assign';

const devicePage = pageSchema(deviceSchema);
const logPage = pageSchema(deviceLogEntrySchema);
const userPage = pageSchema(userSummarySchema);

export const devicesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    devices: build.query<Page<Device>, TableQuery<DeviceFilters>>({
      query: (q) => ({ path: '/api/devices', query: queryParams(q), schema: devicePage }),
      providesTags: ['Device'],
    }),
    deviceLogs: build.query<Page<DeviceLogEntry>, { id: number; query: TableQuery }>({
      query: ({ id, query }) => ({ path: `/api/devices/${id}/logs`, query: queryParams(query), schema: logPage }),
      providesTags: ['Device'],
    }),
    deviceMonitorInfo: build.query<DeviceMonitorInfo, number>({
      query: (id) => ({ path: `/api/devices/${id}/monitor-info`, schema: deviceMonitorInfoSchema }),
      providesTags: ['Device'],
    }),
    deviceAccountOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: pickerQuery(q, ACCOUNT_OPTIONS_SIZE), schema: userPage }),
      providesTags: ['User'],
    }),
    /** The dispatchers a device can be given (the server also takes managers; the form offers dispatchers). */
    deviceDispatcherOptions: build.query<Page<UserSummary>, void>({
      query: () => ({ path: '/api/users', query: { size: DISPATCHER_OPTIONS_SIZE, sort: 'nickname', role: Role.Dispatcher }, schema: userPage }),
      providesTags: ['User'],
    }),
    createDevice: build.mutation<Device, CreateDeviceRequest>({
      query: (body) => ({ path: '/api/devices', method: 'POST', body, schema: deviceSchema }),
      invalidatesTags: ['Device'],
    }),
    updateDevice: build.mutation<Device, { id: number; body: UpdateDeviceRequest }>({
      query: ({ id, body }) => ({ path: `/api/devices/${id}`, method: 'PATCH', body, schema: deviceSchema }),
      invalidatesTags: ['Device'],
    }),
    setDeviceStatus: build.mutation<Device, { id: number; status: 'available' | 'disabled' }>({
      query: ({ id, status }) => ({ path: `/api/devices/${id}/status`, method: 'PUT', body: { status }, schema: deviceSchema }),
      invalidatesTags: ['Device'],
    }),
    deleteDevice: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/devices/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Device', 'User'],
    }),
    bindDeviceAccount: build.mutation<Device, { id: number; action: AccountAction; uid: number }>({
      query: ({ id, action, uid }) => ({ path: `/api/devices/${id}/${action}`, method: 'POST', body: { uid }, schema: deviceSchema }),
      invalidatesTags: ['Device', 'User'],
    }),
    cancelDeviceAccount: build.mutation<Device, number>({
      query: (id) => ({ path: `/api/devices/${id}/cancel`, method: 'POST', schema: deviceSchema }),
      invalidatesTags: ['Device', 'User'],
    }),
    /** The page invalidates once the whole batch is over (see BatchActivateDialog), not per call. */
    batchActivateDevices: build.mutation<BatchActivation, BatchActivateRequest>({
      query: (body) => ({ path: '/api/devices/batch-activate', method: 'POST', body, schema: batchActivationSchema }),
    }),
  }),
});

export const {
  useDevicesQuery,
  useDeviceLogsQuery,
  useDeviceMonitorInfoQuery,
  useDeviceAccountOptionsQuery,
  useDeviceDispatcherOptionsQuery,
  useCreateDeviceMutation,
  useUpdateDeviceMutation,
  useSetDeviceStatusMutation,
  useDeleteDeviceMutation,
  useBindDeviceAccountMutation,
  useCancelDeviceAccountMutation,
  useBatchActivateDevicesMutation,
} = devicesApi;
