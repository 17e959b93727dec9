import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Toolbar } from '@fluentui/react-components';
import { MoreHorizontalRegular, PlayRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PatrolTask } from '@ptt/contracts';
import { NS } from '../core';

export type TaskAction = 'edit' | 'enable' | 'disable' | 'start' | 'delete';

/** Width of the actions column: Start now, Edit and the menu button. */
export const TASK_ACTIONS_WIDTH = 220;

/** A row's actions: Start now and Edit as buttons, the rest in a "More actions" menu. */
export function TaskActions({ task, onAction }: { task: PatrolTask; onAction: (action: TaskAction) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'task' });
  const { name } = task;
  return (
    <Toolbar aria-label={t('actionsFor', { name })} size="small" style={{ flexWrap: 'nowrap' }}>
      <Button size="small" appearance="subtle" icon={<PlayRegular />} disabled={!task.enabled} onClick={() => onAction('start')}>
        {t('action.start')}
      </Button>
      <Button size="small" appearance="subtle" onClick={() => onAction('edit')}>
        {t('action.edit')}
      </Button>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('moreFor', { name })} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => onAction(task.enabled ? 'disable' : 'enable')}>{t(task.enabled ? 'action.disable' : 'action.enable')}</MenuItem>
            <MenuItem onClick={() => onAction('delete')}>{t('action.delete')}</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </Toolbar>
  );
}
