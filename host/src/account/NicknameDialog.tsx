import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@ptt/contracts';
import { FormDialog } from '@ptt/ui';
import type { FormSchema } from '@ptt/ui';
import type { AccountApi } from './api';
import { NS } from './strings';
import { nicknameErrorKey } from './validation';

export interface NicknameDialogProps {
  api: AccountApi;
  current: string;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}

/** The server's nickname schema, telling a special string apart from the wider "illegal". */
const nicknameForm: FormSchema<{ nickname: string }> = {
  safeParse(value) {
    const raw = (value as { nickname?: unknown }).nickname;
    const nickname = typeof raw === 'string' ? raw : '';
    const key = nicknameErrorKey(nickname);
    return key ? { success: false, error: { issues: [{ path: ['nickname'], message: key }] } } : { success: true, data: { nickname: nickname.trim() } };
  },
};

/** The own nickname with the messages of spec section 5, checked here and again by the server. */
export function NicknameDialog({ api, current, onClose, onSaved }: NicknameDialogProps) {
  const { t } = useTranslation(NS);
  return (
    <FormDialog
      title={t('nickname.title')}
      schema={nicknameForm}
      fields={[{ name: 'nickname', label: t('nickname.label'), required: true }]}
      initial={{ nickname: current }}
      submitLabel={t('save')}
      onSubmit={async ({ nickname }) => onSaved(await api.setNickname(nickname))}
      onClose={onClose}
    />
  );
}
