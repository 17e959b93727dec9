import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, ToggleButton, Toolbar } from '@fluentui/react-components';
import { MapRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Fence } from '@ptt/contracts';
import { NS } from '../core';

export type FenceAction = 'edit' | 'enable' | 'disable' | 'delete';

interface Props {
  fence: Fence;
  /** The fence shown in the map preview. */
  previewed: boolean;
  onPreview: () => void;
  /** False for a role that may only look. */
  canManage: boolean;
  onAction: (action: FenceAction) => void;
}

/** Width of the actions column: the map toggle, Edit and the menu button. */
export const FENCE_ACTIONS_WIDTH = 168;

/**
 * A row's actions: the map preview toggle and Edit as buttons, the rest in a "More actions" menu,
 * so the column stays narrow beside the preview pane.
 */
export function FenceActions({ fence, previewed, onPreview, canManage, onAction }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'list' });
  const { name } = fence;
  return (
    <Toolbar aria-label={t('actionsFor', { name })} size="small" style={{ flexWrap: 'nowrap' }}>
      <ToggleButton size="small" appearance="subtle" icon={<MapRegular />} checked={previewed} aria-label={t('showOnMap', { name })} onClick={onPreview} />
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
                <MenuItem onClick={() => onAction(fence.enabled ? 'disable' : 'enable')}>{t(fence.enabled ? 'action.disable' : 'action.enable')}</MenuItem>
                <MenuItem onClick={() => onAction('delete')}>{t('action.delete')}</MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
        </>
      )}
    </Toolbar>
  );
}
