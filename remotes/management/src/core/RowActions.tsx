import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Toolbar } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NS } from './ns';

/** One thing that can be done to a table row; callers list only what the role may take. */
export interface RowAction {
  /** Stable key (the action's name). */
  id: string;
  /** The translated name: the button's or the menu item's accessible name. */
  label: string;
  onSelect: () => void;
}

export interface RowActionsProps {
  /** The row's name, for "Actions for …" and "More actions for …". */
  name: string;
  /** Everything the row offers, in menu order. */
  actions: readonly RowAction[];
  /** Ids shown as buttons of their own (one or two: the column stays narrow); the rest go in the menu. */
  primary?: readonly string[];
}

/** Width for a table's actions column: one short button and the menu button. */
export const ROW_ACTIONS_WIDTH = 132;

/**
 * A row's actions: the primary ones as small buttons, the others in a "More actions" menu, so a
 * row with many actions still fits a narrow column instead of running past the table's edge.
 */
export function RowActions({ name, actions, primary = [] }: RowActionsProps) {
  const { t } = useTranslation(NS, { keyPrefix: 'core' });
  const shown = actions.filter((a) => primary.includes(a.id));
  const rest = actions.filter((a) => !primary.includes(a.id));
  if (actions.length === 0) return null;
  return (
    <Toolbar aria-label={t('rowActions', { name })} size="small" style={{ flexWrap: 'nowrap' }}>
      {shown.map((a) => (
        <Button key={a.id} size="small" appearance="subtle" onClick={a.onSelect}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('moreActions', { name })} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {rest.map((a) => (
                <MenuItem key={a.id} onClick={a.onSelect}>
                  {a.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </Toolbar>
  );
}
