// Test helpers for RowActions: choose a row's action wherever it is shown, and list what a row
// offers, so feature tests do not depend on which action is the row's own button.
import { screen, waitFor, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type Scope = BoundFunctions<typeof queries>;

const MORE = /^(More actions for |.+ 的更多操作$)/;

/** Chooses `action` on a row: its own button if shown, else the item of the row's menu. */
export async function chooseRowAction(row: Scope, action: string): Promise<void> {
  const button = row.queryByRole('button', { name: action });
  if (button) return userEvent.click(button);
  await userEvent.click(row.getByRole('button', { name: MORE }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

/** What a row offers: its buttons' names, then its menu's items (the menu is closed again). */
export async function offeredRowActions(row: Scope): Promise<string[]> {
  const shown = row.queryAllByRole('button').filter((b) => !MORE.test(b.getAttribute('aria-label') ?? ''));
  const names = shown.map((b) => b.textContent ?? '');
  const more = row.queryByRole('button', { name: MORE });
  if (!more) return names;
  await userEvent.click(more);
  const items = (await screen.findAllByRole('menuitem')).map((m) => m.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return [...names, ...items];
}
