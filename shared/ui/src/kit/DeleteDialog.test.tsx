import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@ptt/event-bus';
import { initI18n } from '../i18n/i18n';
import { DeleteDialog } from './DeleteDialog';

beforeAll(() => initI18n());

function renderDialog(remove: () => Promise<unknown>) {
  const onDone = jest.fn();
  const onClose = jest.fn();
  render(<DeleteDialog title="Delete node" text='Delete the node "Gate"?' confirmLabel="Delete" remove={remove} onClose={onClose} onDone={onDone} />);
  return { onDone, onClose, dialog: screen.getByRole('alertdialog', { name: 'Delete node' }) };
}

describe('DeleteDialog', () => {
  it('asks in the caller words, deletes once and then reports done', async () => {
    const remove = jest.fn(() => Promise.resolve());
    const { onDone, onClose, dialog } = renderDialog(remove);
    expect(dialog).toHaveTextContent('Delete the node "Gate"?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server refusal and stays open, not done', async () => {
    const { onDone } = renderDialog(() => Promise.reject(new ApiError(2004, 'rule.patrolNodeInUse', 409, 'in use')));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The node is on the route of a patrol task')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Delete node' })).toBeInTheDocument();
  });

  it('closes on Cancel without deleting', async () => {
    const remove = jest.fn(() => Promise.resolve());
    const { onClose } = renderDialog(remove);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });
});
