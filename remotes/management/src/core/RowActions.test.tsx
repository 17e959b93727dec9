import { FluentProvider } from '@fluentui/react-components';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEventBus } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme, setLocale } from '@ptt/ui';
import { NS } from './ns';
import { RowActions, type RowAction } from './RowActions';
import { en, zh } from './strings';

function renderRow(actions: RowAction[], primary?: string[]) {
  initI18n({ bus: createEventBus() });
  addRemoteStrings(NS, { core: en }, { core: zh });
  render(
    <FluentProvider theme={pttTheme}>
      <RowActions name="Security" actions={actions} primary={primary} />
    </FluentProvider>,
  );
}

const action = (id: string, onSelect = jest.fn()): RowAction => ({ id, label: id[0]!.toUpperCase() + id.slice(1), onSelect });

afterEach(() => act(() => setLocale('en')));

describe('RowActions', () => {
  it('shows the primary action as a button and the rest in the "More actions" menu', async () => {
    const edit = action('edit');
    const remove = action('delete');
    renderRow([edit, action('lock'), remove], ['edit']);
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for Security' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Edit' }));
    expect(edit.onSelect).toHaveBeenCalledTimes(1);
    expect(within(toolbar).queryByRole('button', { name: 'Delete' })).toBeNull();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'More actions for Security' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Lock', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove.onSelect).toHaveBeenCalledTimes(1);
  });

  it('has no menu when nothing is left for it', () => {
    renderRow([action('members')], ['members']);
    expect(screen.getByRole('button', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  it('names the menu in Chinese', () => {
    renderRow([action('edit'), action('delete')], ['edit']);
    act(() => setLocale('zh'));
    expect(screen.getByRole('toolbar', { name: 'Security 的操作' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Security 的更多操作' })).toBeInTheDocument();
  });
});
