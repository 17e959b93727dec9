import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, ToggleButton, Toolbar } from '@fluentui/react-components';
import { MapRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import { NS } from '../core';

export type NodeAction = 'edit' | 'enable' | 'disable' | 'delete';

/** Width of the actions column: the map toggle, Edit and the menu button. */
export const NODE_ACTIONS_WIDTH = 168;

interface Props {
  node: PatrolNode;
  shown: boolean;
  onShow: () => void;
  canManage: boolean;
  onAction: (action: NodeAction) => void;
}

/** A row's actions: show on the map and Edit as buttons, the rest in a "More actions" menu. */
export function NodeActions({ node, shown, onShow, canManage, onAction }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node' });
  const { name } = node;
  return (
    <Toolbar aria-label={t('actionsFor', { name })} size="small" style={{ flexWrap: 'nowrap' }}>
      <ToggleButton size="small" appearance="subtle" icon={<MapRegular />} checked={shown} aria-label={t('showOnMap', { name })} onClick={onShow} />
      {canManage && (
        <>
          <Button size="small" appearance="subtle" onClick={() => onAction('edit')}>
            {t('action.edit')}
          </Button>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('moreFor', { name })} />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem onClick={() => onAction(node.enabled ? 'disable' : 'enable')}>{t(node.enabled ? 'action.disable' : 'action.enable')}</MenuItem>
                <MenuItem onClick={() => onAction('delete')}>{t('action.delete')}</MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
        </>
      )}
    </Toolbar>
  );
}
