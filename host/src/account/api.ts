import {
  CLIENT_ERROR_KEYS,
  captchaSchema,
  userDetailSchema,
  userSummarySchema,
} from '@ptt/contracts';
import type { Captcha, ChangePasswordRequest, UserSummary } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';

/** The calls of the account dialogs; the dialogs take it as a prop so tests hand in a fake. */
export interface AccountApi {
  captcha(): Promise<Captcha>;
  changePassword(body: ChangePasswordRequest): Promise<void>;
  setNickname(nickname: string): Promise<UserSummary>;
  uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<UserSummary>;
  /** File id of the own avatar, or null. */
  avatarId(signal?: AbortSignal): Promise<string | null>;
}

/** Over the page's API client, which also reports an ended session on the bus. */
export function createAccountApi(api: ApiClient): AccountApi {
  return {
    captcha: () => api.get('/api/auth/captcha', { schema: captchaSchema }),
    async changePassword(body) {
      await api.post('/api/auth/password', body);
    },
    setNickname: (nickname) => api.patch('/api/me', { nickname }, { schema: userSummarySchema }),
    uploadAvatar(file, onProgress) {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload('/api/me/avatar', form, { schema: userSummarySchema, onProgress });
    },
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
