import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n';
import { SearchPicker, type PickOption } from './SearchPicker';

beforeAll(() => initI18n());

const PEOPLE: PickOption[] = [
  { id: 1, name: 'Ann', detail: 'ann01' },
  { id: 2, name: 'Bo' },
];

function renderPicker(search: (q: string) => Promise<PickOption[]>, exclude: number[] = []) {
  const onPick = jest.fn();
  render(<SearchPicker label="Add a member" placeholder="Type a name" search={search} exclude={new Set(exclude)} onPick={onPick} />);
  return { onPick, box: screen.getByRole('combobox', { name: 'Add a member' }) };
}

describe('SearchPicker', () => {
  it('searches the typed text and hands over the option picked', async () => {
    const search = jest.fn((q: string) => Promise.resolve(PEOPLE.filter((p) => p.name.includes(q))));
    const { onPick, box } = renderPicker(search);
    await userEvent.type(box, 'An');
    expect(await screen.findByRole('option', { name: 'Ann (ann01)' })).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith('An');
    await userEvent.click(screen.getByRole('option', { name: 'Ann (ann01)' }));
    expect(onPick).toHaveBeenCalledWith(PEOPLE[0]);
    expect(box).toHaveValue('');
  });

  it('leaves out what is already chosen and says when nothing is left', async () => {
    const { box } = renderPicker(() => Promise.resolve(PEOPLE), [1]);
    await userEvent.click(box);
    await userEvent.type(box, 'x');
    expect(await screen.findByRole('option', { name: 'Bo' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Ann/ })).not.toBeInTheDocument();
  });

  it('shows No match for a failed search', async () => {
    const { box } = renderPicker(() => Promise.reject(new Error('offline')));
    await userEvent.type(box, 'x');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.getByRole('option', { name: 'No match' })).toHaveAttribute('aria-disabled', 'true');
  });
});
