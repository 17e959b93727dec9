import { Button, Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { MenuProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import type { DataColumn } from './tableTypes';

interface Props<T> {
  columns: readonly DataColumn<T>[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string, show: boolean) => void;
}

/** A menu of the columns a user may hide; required ones are not offered. */
export function ColumnChoice<T>({ columns, hidden, onToggle }: Props<T>) {
  const { t } = useTranslation(COMMON_NS);
  const optional = columns.filter((c) => !c.required);
  if (optional.length === 0) return null;
  const checked = { columns: optional.filter((c) => !hidden.has(c.id)).map((c) => c.id) };
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_e, data) => {
    for (const c of optional) {
      const show = data.checkedItems.includes(c.id);
      if (show === hidden.has(c.id)) onToggle(c.id, show);
    }
  };
  return (
    <Menu checkedValues={checked} onCheckedValueChange={onCheckedValueChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle">{t('kit.columns')}</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {optional.map((c) => (
            <MenuItemCheckbox key={c.id} name="columns" value={c.id}>
              {c.header}
            </MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
