import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UserMenuPart } from '../shell/userMenuTypes';

/** Account entries of the user menu: records, password, avatar, nickname. */
export function useAccountMenu(): UserMenuPart {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return {
    entries: [
      { id: 'loginRecord', label: t('userMenu.loginRecord'), onSelect: () => void navigate('/main/record/login') },
      { id: 'operationRecord', label: t('userMenu.operationRecord'), onSelect: () => void navigate('/main/record/operation') },
      { id: 'sosRecord', label: t('userMenu.sosRecord'), onSelect: () => void navigate('/main/record/sos') },
    ],
    dialogs: null,
  };
}
