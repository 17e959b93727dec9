import { Avatar, Button, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLogout, useSession } from '../app/session';

const RECORD_LINKS = [
  { key: 'userMenu.loginRecord', to: '/main/record/login' },
  { key: 'userMenu.operationRecord', to: '/main/record/operation' },
  { key: 'userMenu.sosRecord', to: '/main/record/sos' },
] as const;

/** The user's nickname with the user menu (records shortcuts and Logout). */
export function UserMenu() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const name = session?.nickname || session?.account || '';
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" aria-label={t('userMenu.label', { name })} icon={<Avatar name={name} size={24} />}>
          {name}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {RECORD_LINKS.map((item) => (
            <MenuItem key={item.to} onClick={() => void navigate(item.to)}>
              {t(item.key)}
            </MenuItem>
          ))}
          <MenuDivider />
          <MenuItem onClick={() => void logout()}>{t('userMenu.logout')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
