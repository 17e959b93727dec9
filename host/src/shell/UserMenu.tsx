import { Fragment } from 'react';
import { Avatar, Button, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAccountMenu } from '../account/accountMenu';
import { useLogout, useSession } from '../app/session';
import { useSettingsMenu } from '../settings/settingsMenu';
import { useScreensMenu } from './screensMenu';
import { USER_MENU_ORDER } from './userMenuTypes';
import type { UserMenuEntry } from './userMenuTypes';

const order = (e: UserMenuEntry) => USER_MENU_ORDER.indexOf(e.id);

/** The user's nickname with the user menu; account and settings features supply entries and dialogs. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const account = useAccountMenu();
  const settings = useSettingsMenu();
  const screens = useScreensMenu();
  const name = session?.nickname || session?.account || '';
  const entries = [
    ...account.entries,
    ...settings.entries,
    ...screens.entries,
    { id: 'logout', label: t('userMenu.logout'), onSelect: () => void logout() } satisfies UserMenuEntry,
  ].sort((a, b) => order(a) - order(b));
  const firstScreen = entries.find((e) => screens.entries.some((s) => s.id === e.id));
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" aria-label={t('userMenu.label', { name })} icon={<Avatar name={name} size={24} image={account.avatarUrl ? { src: account.avatarUrl, alt: '' } : undefined} />}>
            {name}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {entries.map((entry) => (
              <Fragment key={entry.id}>
                {/* The other screens form their own group below the account and settings entries. */}
                {((entry === firstScreen && entries[0] !== entry) || entry.id === 'logout') && <MenuDivider />}
                <MenuItem data-menu-id={entry.id} onClick={entry.onSelect}>
                  {entry.label}
                </MenuItem>
              </Fragment>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {account.dialogs}
      {settings.dialogs}
    </>
  );
}
