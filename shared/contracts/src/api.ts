import { z } from 'zod';
import { text } from './text';

/** Every REST answer: `{ code, msg, data }`, code 0 = success, otherwise a server code. */
export function envelopeSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ code: z.number().int(), msg: text(), data: dataSchema });
}
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
/** The envelope with its data left unchecked, for reading the code before knowing the shape. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

/** Paged list answer for `?page&size` queries. */
export function pageSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), total: z.number().int().nonnegative(), capped: z.literal(true).optional() });
}
/**
 * `total` is exact unless `capped`: then the server stopped counting and `total` is its cap plus
 * one (LIST_TOTAL_CAP, or SEARCH_TOTAL_CAP for a search): "more than total - 1".
 */
export interface Page<T> {
  items: T[];
  total: number;
  capped?: true;
}

/** i18n keys of the client messages of spec section 8: what the client detects itself (no server
 *  code exists for them). Every one has an English and a Chinese text (CONTRACT_I18N_KEYS). */
export const CLIENT_ERROR_KEYS = {
  networkError: 'client.networkError',
  loggedInElsewhere: 'client.loggedInElsewhere',
  mapLoadError: 'client.mapLoadError',
  infoLoadFailed: 'client.infoLoadFailed',
  missingAuthorization: 'client.missingAuthorization',
  authorizationFailed: 'client.authorizationFailed',
  accountChanged: 'client.accountChanged',
  websocketDisconnected: 'client.websocketDisconnected',
  pttNotSupported: 'client.pttNotSupported',
  pttChannelOccupied: 'client.pttChannelOccupied',
  pttCannotConnect: 'client.pttCannotConnect',
  pttSendFailed: 'client.pttSendFailed',
  deviceNotFound: 'client.deviceNotFound',
  memberNotActivated: 'client.memberNotActivated',
  noMembersOnline: 'client.noMembersOnline',
  nobodyInSos: 'client.nobodyInSos',
  sosCannotConnect: 'client.sosCannotConnect',
  enterRoomFailed: 'client.enterRoomFailed',
  serviceBusy: 'client.serviceBusy',
  dataUpdated: 'client.dataUpdated',
  systemTimeError: 'client.systemTimeError',
  parameterError: 'client.parameterError',
  accountException: 'client.accountException',
  noTrack: 'client.noTrack',
  devicesNeedActivation: 'client.devicesNeedActivation',
  micPermissionDenied: 'client.micPermissionDenied',
  micNotFound: 'client.micNotFound',
  micInUse: 'client.micInUse',
  locationPermissionDenied: 'client.locationPermissionDenied',
  locationNotFound: 'client.locationNotFound',
  locationInUse: 'client.locationInUse',
} as const;
export type ClientMessageKey = (typeof CLIENT_ERROR_KEYS)[keyof typeof CLIENT_ERROR_KEYS];

/** Spec 8: success and failure messages exist for these operations (`result.<op>.success|failure`). */
export const RESULT_OPERATIONS = [
  'modify',
  'add',
  'delete',
  'send',
  'save',
  'operate',
  'login',
  'upload',
  'request',
  'chatHistory',
  'enterSession',
  'createSession',
] as const;
export type ResultOperation = (typeof RESULT_OPERATIONS)[number];
export const RESULT_KEYS = RESULT_OPERATIONS.flatMap((op) => [`result.${op}.success`, `result.${op}.failure`] as const);

/** Spec 8 'system time error': shown when the browser's clock is further than this from the server's. */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;
/** Code carried by an ApiError when the request never got an answer. */
export const NETWORK_ERROR_CODE = -1;
