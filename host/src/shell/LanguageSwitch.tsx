import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { MenuProps } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@ptt/contracts';
import type { Locale } from '@ptt/contracts';
import { HTML_LANG, currentLocale, setLocale } from '@ptt/ui';

function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** English / 中文; the choice is kept in localStorage `locale` and survives a reload. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const onChange: MenuProps['onCheckedValueChange'] = (_e, { checkedItems }) => {
    const next = checkedItems[0];
    if (isLocale(next)) setLocale(next);
  };
  return (
    <Menu checkedValues={{ locale: [locale] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<LocalLanguageRegular />}>
          {t('language.label')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LOCALES.map((l) => (
            // Each language is named in itself, so it is marked with its own language.
            <MenuItemRadio key={l} name="locale" value={l} lang={HTML_LANG[l]}>
              {t(`language.${l}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
