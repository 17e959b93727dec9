import { Button, Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import type { MenuProps } from '@fluentui/react-components';
import { LayerRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';

export interface FenceLayerMenuProps {
  fences: boolean;
  onFences: (on: boolean) => void;
  disabled?: boolean;
}

/** The map's layer menu: for now the geofences, on or off. */
export function FenceLayerMenu({ fences, onFences, disabled }: FenceLayerMenuProps) {
  const { t } = useTranslation(NS);
  const onChange: MenuProps['onCheckedValueChange'] = (_e, { name, checkedItems }) => {
    if (name === 'layers') onFences(checkedItems.includes('fences'));
  };
  return (
    <Menu checkedValues={{ layers: fences ? ['fences'] : [] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('fences.layer.menu')} relationship="label">
          <Button appearance="subtle" icon={<LayerRegular />} disabled={disabled} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemCheckbox name="layers" value="fences">
            {t('fences.layer.fences')}
          </MenuItemCheckbox>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
