import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Role, type UserSummary } from '@ptt/contracts';
import { addRemoteStrings, useFileUrlSigner } from '@ptt/ui';
import { useLogout, useSession } from '../app/session';
import { useServices } from '../app/services';
import type { UserMenuEntry, UserMenuPart } from '../shell/userMenuTypes';
import { createAccountApi } from './api';
import { AvatarDialog } from './AvatarDialog';
import { NicknameDialog } from './NicknameDialog';
import { isOwnRecordEntry, ownRecordsLink } from './ownRecords';
import { PasswordDialog } from './PasswordDialog';
import { LoginRecordDialog, OperationRecordDialog, SosRecordDialog } from './recordDialogs';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

const ACCOUNT_DIALOGS = ['loginRecord', 'operationRecord', 'changePassword', 'sosRecord', 'changeAvatar', 'changeNickname'] as const;
type AccountDialog = (typeof ACCOUNT_DIALOGS)[number];

export interface AccountMenuPart extends UserMenuPart {
  /** The own avatar for the header, or null for initials. */
  avatarUrl: string | null;
}

/**
 * Account entries of the user menu: the own records (the records screen with mine=1 for roles that
 * may open it, else a dialog), password, avatar and nickname, with their dialogs.
 */
export function useAccountMenu(): AccountMenuPart {
  const { t } = useTranslation('common');
  const { api, sessionStore } = useServices();
  const session = useSession();
  // The header stays up all shift: the avatar's signed URL is renewed every hour (ADR 012).
  const signFileUrl = useFileUrlSigner(session);
  const logoutToLogin = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState<AccountDialog | null>(null);
  const [avatarId, setAvatarId] = useState<string | null>(null);
  const accountApi = useMemo(() => createAccountApi(api), [api]);
  const userId = session?.id;
  const role = session?.role ?? Role.User;

  useEffect(() => {
    if (userId === undefined) return undefined;
    const abort = new AbortController();
    accountApi
      .avatarId(abort.signal)
      .then((id) => !abort.signal.aborted && setAvatarId(id))
      // Initials stand in until the avatar can be read; nothing else depends on it.
      .catch(() => undefined);
    return () => abort.abort();
  }, [accountApi, userId]);

  const close = useCallback(() => setOpen(null), []);
  const nicknameSaved = useCallback(
    (user: UserSummary) => {
      // The header reads the session from the bus, so saving it shows the new name at once.
      if (session) sessionStore.save({ ...session, nickname: user.nickname });
      setOpen(null);
    },
    [session, sessionStore],
  );
  const avatarSaved = useCallback((user: UserSummary) => {
    setAvatarId(user.avatar);
    setOpen(null);
  }, []);

  // Own records open the records screen filtered to the caller where the role may open it.
  const select = (id: AccountDialog) => {
    const link = isOwnRecordEntry(id) ? ownRecordsLink(id, role) : null;
    if (link) void navigate(link);
    else setOpen(id);
  };
  const entries: UserMenuEntry[] = ACCOUNT_DIALOGS.map((id) => ({ id, label: t(`userMenu.${id}`), onSelect: () => select(id) }));

  const dialogs = (
    <>
      {open === 'loginRecord' && <LoginRecordDialog onClose={close} />}
      {open === 'operationRecord' && <OperationRecordDialog onClose={close} />}
      {open === 'sosRecord' && <SosRecordDialog onClose={close} />}
      {open === 'changePassword' && (
        <PasswordDialog api={accountApi} onClose={close} onChanged={() => void logoutToLogin(`${NS}:password.changed`)} />
      )}
      {open === 'changeNickname' && (
        <NicknameDialog api={accountApi} current={session?.nickname ?? ''} onClose={close} onSaved={nicknameSaved} />
      )}
      {open === 'changeAvatar' && <AvatarDialog api={accountApi} onClose={close} onSaved={avatarSaved} />}
    </>
  );

  return { entries, dialogs, avatarUrl: avatarId && session?.file_link ? signFileUrl(avatarId) : null };
}
