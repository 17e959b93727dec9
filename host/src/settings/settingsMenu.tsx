import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRemoteStrings } from '@ptt/ui';
import type { UserMenuPart } from '../shell/userMenuTypes';
import type { SettingsSection } from './sections';
import { SettingsDialog } from './SettingsDialog';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Settings entries of the user menu (microphone, language, settings) and the settings dialog. */
export function useSettingsMenu(): UserMenuPart {
  const { t } = useTranslation(['common', NS]);
  const [open, setOpen] = useState(false);
  const [section, setSection] = useState<SettingsSection>('personal');
  const show = (at: SettingsSection) => () => {
    setSection(at);
    setOpen(true);
  };
  return {
    entries: [
      { id: 'microphone', label: t('userMenu.microphone'), onSelect: show('voice') },
      { id: 'language', label: t('userMenu.language'), onSelect: show('language') },
      { id: 'settings', label: t('menu', { ns: NS }), onSelect: show('personal') },
    ],
    dialogs: <SettingsDialog open={open} section={section} onSectionChange={setSection} onClose={() => setOpen(false)} />,
  };
}
