import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createNoticeSchema } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { initI18n } from '../i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { FormDialog } from './FormDialog';
import { ProgressDialog } from './ProgressDialog';


beforeAll(() => initI18n());

function deferred() {
  let resolve: (v?: unknown) => void = () => undefined;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

describe('FormDialog', () => {
  const fields = [
    { name: 'title', label: 'Title', required: true },
    { name: 'body', label: 'Text', kind: 'textarea' as const },
  ];
  const form = (initial: Record<string, string>, onSubmit: (b: unknown) => Promise<unknown>) => (
    <FormDialog title="Edit" schema={createNoticeSchema} fields={fields} initial={initial} onSubmit={onSubmit} onClose={() => undefined} />
  );

  it('shows the field error in the spec words before sending, and sends nothing', async () => {
    const onSubmit = jest.fn(() => Promise.resolve());
    render(form({ title: '', body: '' }, onSubmit));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the notice title')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Shift');
    expect(screen.queryByText('Please enter the notice title')).not.toBeInTheDocument();
  });

  it('sends the parsed body once however often Save is pressed, busy meanwhile', async () => {
    const gate = deferred();
    const onSubmit = jest.fn(() => gate.promise);
    render(form({ title: 'Shift', body: 'Gate 4' }, onSubmit));
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await userEvent.click(screen.getByRole('button', { name: /Saving/ }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Shift', body: 'Gate 4' });
    await act(() => {
      gate.resolve();
      return gate.promise;
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the server refusal in its code words, or on the field it names', async () => {
    const onSubmit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(2000, 'serverCode.2000', 409, 'exists'))
      .mockRejectedValueOnce(new ApiError(2004, 'validation.noticeTitleTooLong', 400, 'bad', { issues: [{ path: 'title', message: 'validation.noticeTitleTooLong' }] }));
    render(form({ title: 'Shift', body: '' }, onSubmit));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already exists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The notice title is too long')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ConfirmDialog', () => {
  it('waits for the typed text before it can run, and runs once', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    render(
      <ConfirmDialog title="Delete" confirmLabel="Delete" typedConfirmation="DELETE" onConfirm={onConfirm} onClose={() => undefined}>
        gone for good
      </ConfirmDialog>,
    );
    const button = screen.getByRole('button', { name: 'Delete', hidden: true });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { hidden: true }), 'DELET');
    expect(screen.getByText('Type the text exactly as shown')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { hidden: true }), 'E');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with the refusal in the code words', async () => {
    const onClose = jest.fn();
    const onConfirm = jest.fn(() => Promise.reject(new ApiError(2017, 'serverCode.2017', 400, 'no')));
    render(
      <ConfirmDialog title="Delete" confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose}>
        sure?
      </ConfirmDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('The enterprise channel cannot be deleted')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ProgressDialog', () => {
  it('moves with the progress, lists failures, and only closes when over', async () => {
    const onClose = jest.fn();
    const onStop = jest.fn();
    const { rerender } = render(<ProgressDialog title="Import" progress={{ done: 3, total: 10 }} state="running" onStop={onStop} onClose={onClose} />);
    expect(screen.getByText('3 of 10 done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop', hidden: true }));
    expect(onStop).toHaveBeenCalled();
    rerender(<ProgressDialog title="Import" progress={{ done: 10, total: 10, failed: 2, problems: ['row 4: Already exists'] }} state="done" onClose={onClose} />);
    expect(screen.getByText('2 failed')).toBeInTheDocument();
    expect(screen.getByText('row 4: Already exists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
