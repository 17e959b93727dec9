import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n';
import { MemberPicker, type MemberName } from './MemberPicker';

beforeAll(() => initI18n());

const ANN: MemberName = { id: 21, nickname: 'Ann', account: 'ann01' };

function renderPicker(props: { userId?: number | null; chosen?: MemberName; search?: (q: string) => Promise<MemberName[]> } = {}) {
  const onChange = jest.fn();
  const search = jest.fn(props.search ?? (() => Promise.resolve([ANN])));
  render(<MemberPicker userId={props.userId ?? null} chosen={props.chosen} search={search} onChange={onChange} anyLabel="Any member" />);
  return { onChange, search, box: screen.getByRole('combobox', { name: 'Member' }) };
}

describe('MemberPicker', () => {
  it('searches the trimmed text and picks a member by id', async () => {
    const { onChange, search, box } = renderPicker();
    await userEvent.type(box, ' Ann ');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('Ann'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ann (ann01)' }));
    expect(onChange).toHaveBeenCalledWith(21);
  });

  it("takes the filter off with the caller's any option", async () => {
    const { onChange, box } = renderPicker({ userId: 21, chosen: ANN });
    expect(box).toHaveValue('Ann (ann01)');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('option', { name: 'Any member' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('shows the id until the chosen names are loaded, and says when nothing matches', async () => {
    const { box } = renderPicker({ userId: 7, search: () => Promise.reject(new Error('offline')) });
    expect(box).toHaveValue('#7');
    await userEvent.click(box);
    expect(await screen.findByRole('option', { name: 'No matching member' })).toHaveAttribute('aria-disabled', 'true');
  });
});
