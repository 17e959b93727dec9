import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { NicknameDialog } from './NicknameDialog';
import { USER, fakeAccountApi, renderDialog } from './testing';

async function tryNickname(value: string) {
  const input = screen.getByRole('textbox', { name: /Nickname/ });
  await userEvent.clear(input);
  if (value) await userEvent.paste(value);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return input;
}

// Fluent dialogs are slow to render in jsdom on a busy machine.
jest.setTimeout(20_000);

describe('change nickname dialog', () => {
  it('refuses each bad nickname with its section 5 message without asking the server', async () => {
    const api = fakeAccountApi();
    renderDialog(<NicknameDialog api={api} current="Member 1" onClose={jest.fn()} onSaved={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Change nickname' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nickname/ })).toHaveValue('Member 1');
    const cases: [string, string][] = [
      ['', 'Please enter a nickname correctly'],
      ['x'.repeat(33), "User's name is too long, please re-enter"],
      ['Boss!!', 'Illegal nickname, please re-enter'],
      ['<b>Boss</b>', 'Do not enter a special string'],
    ];
    for (const [value, message] of cases) {
      const input = await tryNickname(value);
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(api.setNickname).not.toHaveBeenCalled();
  });

  it('saves a good nickname trimmed and hands the server\'s answer on', async () => {
    const api = fakeAccountApi();
    const onSaved = jest.fn();
    renderDialog(<NicknameDialog api={api} current="Member 1" onClose={jest.fn()} onSaved={onSaved} />);
    await screen.findByRole('dialog');
    await tryNickname('  张三 ');
    expect(api.setNickname).toHaveBeenCalledWith('张三');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...USER, nickname: '张三' }));
  });

  it('shows the server\'s refusal on the field', async () => {
    const api = fakeAccountApi({
      setNickname: jest.fn(() => Promise.reject(new ApiError(ServerCode.ParameterError, 'validation.nicknameIllegal', 400, 'bad'))),
    });
    const onSaved = jest.fn();
    renderDialog(<NicknameDialog api={api} current="Member 1" onClose={jest.fn()} onSaved={onSaved} />);
    await screen.findByRole('dialog');
    const input = await tryNickname('Fine name');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Illegal nickname, please re-enter'));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
