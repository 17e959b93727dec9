import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerCode, serverCodeI18nKey } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { PasswordDialog } from './PasswordDialog';
import { fakeAccountApi, renderDialog } from './testing';

const refusal = (code: number) => new ApiError(code, serverCodeI18nKey(code), 400, 'refused');

async function fill(values: { old?: string; next?: string; confirm?: string; captcha?: string }) {
  if (values.old) await userEvent.type(screen.getByLabelText(/Old password/), values.old);
  if (values.next) await userEvent.type(screen.getByLabelText(/New password/), values.next);
  if (values.confirm) await userEvent.type(screen.getByLabelText(/Confirm password/), values.confirm);
  if (values.captcha) await userEvent.type(screen.getByRole('textbox', { name: /^Captcha/ }), values.captcha);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change password' }));

// Fluent dialogs are slow to render in jsdom on a busy machine.
jest.setTimeout(20_000);

describe('change password dialog', () => {
  it('shows every field\'s message and sends nothing while the form is incomplete', async () => {
    const api = fakeAccountApi();
    renderDialog(<PasswordDialog api={api} onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
    await submit();
    expect(screen.getByLabelText(/Old password/)).toHaveAccessibleDescription('Please enter a password correctly');
    expect(screen.getByLabelText(/New password/)).toHaveAccessibleDescription('Please enter a password correctly');
    expect(screen.getByRole('textbox', { name: /^Captcha/ })).toHaveAccessibleDescription('Please enter the captcha');
    await fill({ old: 'demo123', next: 'demo123', confirm: 'other12', captcha: 'AB12' });
    await submit();
    expect(screen.getByLabelText(/New password/)).toHaveAccessibleDescription('The new password must differ from the old one');
    expect(screen.getByLabelText(/Confirm password/)).toHaveAccessibleDescription('The two passwords do not match');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('sends old, new, confirm and the captcha with its id, then hands over to the logout', async () => {
    const api = fakeAccountApi();
    const onChanged = jest.fn();
    renderDialog(<PasswordDialog api={api} onClose={jest.fn()} onChanged={onChanged} />);
    await waitFor(() => expect(api.captcha).toHaveBeenCalled());
    await fill({ old: 'demo123', next: 'better1', confirm: 'better1', captcha: 'AB12' });
    await submit();
    // The fake numbers its captchas c1, c2...: the one on screen is the only one asked for.
    expect(api.changePassword).toHaveBeenCalledWith({
      oldPassword: 'demo123', newPassword: 'better1', confirmPassword: 'better1', captcha: 'AB12', captchaId: `c${api.captcha.mock.calls.length}`,
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('puts a wrong captcha and a wrong old password on their fields and shows a new captcha each time', async () => {
    const api = fakeAccountApi({
      changePassword: jest.fn().mockRejectedValueOnce(refusal(ServerCode.ImageCodeWrong)).mockRejectedValueOnce(refusal(ServerCode.WrongCredentials)),
    });
    const onChanged = jest.fn();
    renderDialog(<PasswordDialog api={api} onClose={jest.fn()} onChanged={onChanged} />);
    await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(1));
    await fill({ old: 'demo123', next: 'better1', confirm: 'better1', captcha: 'NOPE' });
    await submit();
    expect(await screen.findByText('The captcha is wrong or has expired')).toBeInTheDocument();
    await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(2));
    // The spent captcha's answer is cleared with it.
    expect(screen.getByRole('textbox', { name: /^Captcha/ })).toHaveValue('');

    await fill({ captcha: 'AB12' });
    await submit();
    expect(await screen.findByText('The old password is wrong')).toBeInTheDocument();
    await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(3));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('gets a new captcha when the image is selected', async () => {
    const api = fakeAccountApi();
    renderDialog(<PasswordDialog api={api} onClose={jest.fn()} onChanged={jest.fn()} />);
    const image = await screen.findByRole('button', { name: 'Captcha image, select to get a new one' });
    await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(1));
    await userEvent.click(image);
    await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(2));
  });
});
