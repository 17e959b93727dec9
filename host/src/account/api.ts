import {
  CLIENT_ERROR_KEYS,
  NETWORK_ERROR_CODE,
  anyEnvelopeSchema,
  captchaSchema,
  isServerCode,
  httpStatusFor,
  loginRecordSchema,
  operationRecordSchema,
  pageSchema,
  serverCodeI18nKey,
  ServerCode,
  sosRecordSchema,
  userDetailSchema,
  userSummarySchema,
} from '@ptt/contracts';
import type { Captcha, ChangePasswordRequest, LoginRecord, OperationRecord, Page, SosRecord, UserSummary } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import type { ApiClient, EventBus } from '@ptt/event-bus';

export const RECORD_PAGE_SIZE = 10;

/** The calls of the account dialogs; the dialogs take it as a prop so tests hand in a fake. */
export interface AccountApi {
  loginRecords(page: number, signal?: AbortSignal): Promise<Page<LoginRecord>>;
  operations(page: number, signal?: AbortSignal): Promise<Page<OperationRecord>>;
  sosRecords(page: number, signal?: AbortSignal): Promise<Page<SosRecord>>;
  captcha(): Promise<Captcha>;
  changePassword(body: ChangePasswordRequest): Promise<void>;
  setNickname(nickname: string): Promise<UserSummary>;
  uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<UserSummary>;
  /** File id of the own avatar, or null. */
  avatarId(signal?: AbortSignal): Promise<string | null>;
}

/** Newest first, one page of ten: the dialogs show recent activity. */
const pageQuery = (page: number) => ({ page, size: RECORD_PAGE_SIZE, sort: 'time', order: 'desc' });

/**
 * A failed answer as the api client reports it, except that the most precise key wins: a field's
 * validation key or a rule's key (`data.issues[0].message`, `data.reason`) before the code's.
 */
function envelopeError(status: number, json: unknown): ApiError {
  const envelope = anyEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    return new ApiError(ServerCode.ServiceException, serverCodeI18nKey(ServerCode.ServiceException), status, `HTTP ${status}`);
  }
  const { code, msg, data } = envelope.data;
  const d = (data ?? {}) as { reason?: unknown; issues?: { message?: unknown }[] };
  const issue = Array.isArray(d.issues) ? d.issues[0]?.message : undefined;
  const precise = typeof issue === 'string' ? issue : typeof d.reason === 'string' ? d.reason : null;
  return new ApiError(code, precise ?? serverCodeI18nKey(code), isServerCode(code) ? httpStatusFor(code) : status, msg);
}

function parseAnswer<T>(status: number, text: string, schema: { parse(v: unknown): T }): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw envelopeError(status, null);
  }
  const envelope = anyEnvelopeSchema.safeParse(json);
  if (!envelope.success || envelope.data.code !== ServerCode.Ok) throw envelopeError(status, json);
  return schema.parse(envelope.data.data);
}

function networkError(detail: string): ApiError {
  return new ApiError(NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError, 0, detail);
}

async function patchNickname(nickname: string, headers: Record<string, string>): Promise<UserSummary> {
  let res: Response;
  try {
    res = await fetch('/api/me', {
      method: 'PATCH',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ nickname }),
    });
  } catch (e) {
    throw networkError(e instanceof Error ? e.message : String(e));
  }
  return parseAnswer(res.status, await res.text(), userSummarySchema);
}

function postAvatar(file: File, headers: Record<string, string>, onProgress: (fraction: number) => void): Promise<UserSummary> {
  return new Promise<UserSummary>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/me/avatar');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(parseAnswer(xhr.status, xhr.responseText, userSummarySchema));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    xhr.onerror = () => reject(networkError('upload failed'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * The api client has no PATCH and no upload progress, so those two go through fetch and
 * XMLHttpRequest here, with the same envelope rules and the same report of an ended session
 * (the host's client reports it for every other call).
 */
export function createAccountApi(api: ApiClient, token: () => string | null, bus: EventBus): AccountApi {
  const auth = (): Record<string, string> => {
    const t = token();
    return t ? { Authorization: `Bearer ${t}` } : {};
  };
  const watch = <T,>(request: Promise<T>): Promise<T> =>
    request.catch((e: unknown) => {
      if (e instanceof ApiError && (e.code === ServerCode.AuthorizationFailed || e.code === ServerCode.LoggedInElsewhere)) {
        bus.publish('session/expired', { code: e.code });
      }
      throw e;
    });
  return {
    loginRecords: (page, signal) => api.get('/api/me/login-records', { query: pageQuery(page), schema: pageSchema(loginRecordSchema), signal }),
    operations: (page, signal) => api.get('/api/me/operations', { query: pageQuery(page), schema: pageSchema(operationRecordSchema), signal }),
    sosRecords: (page, signal) =>
      api.get('/api/me/sos-records', { query: { ...pageQuery(page), sort: 'startedAt' }, schema: pageSchema(sosRecordSchema), signal }),
    captcha: () => api.get('/api/auth/captcha', { schema: captchaSchema }),
    async changePassword(body) {
      await api.post('/api/auth/password', body);
    },
    setNickname: (nickname) => watch(patchNickname(nickname, auth())),
    uploadAvatar: (file, onProgress) => watch(postAvatar(file, auth(), onProgress)),
    async avatarId(signal) {
      const me = await api.get('/api/me', { schema: userDetailSchema, signal });
      return me.avatar;
    },
  };
}

/** The i18n key (common namespace) to show for a failed call. */
export function errorKeyOf(e: unknown): string {
  return e instanceof ApiError ? e.i18nKey : CLIENT_ERROR_KEYS.infoLoadFailed;
}

/** Where an avatar file is served; an <img> cannot send a header, so the token rides as `?at=`. */
export function avatarUrl(fileId: string, token: string): string {
  return `/api/files/${encodeURIComponent(fileId)}?at=${encodeURIComponent(token)}`;
}
