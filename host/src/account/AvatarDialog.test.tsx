import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX } from '@ptt/contracts';
import type { UserSummary } from '@ptt/contracts';
import { AvatarDialog } from './AvatarDialog';
import { USER, fakeAccountApi, renderDialog } from './testing';

// jsdom has no object URLs; these record which ones are made and released.
const created: string[] = [];
const revoked: string[] = [];
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (_: Blob) => {
      created.push(`blob:preview-${created.length + 1}`);
      return created.at(-1)!;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
});

/** A file of `bytes` bytes that starts with a PNG header of the given size (all the checks read). */
const png = (bytes = 100, name = 'me.png', type = 'image/png', width = 64, height = 64) => {
  const data = new Uint8Array(Math.max(bytes, 33));
  const view = new DataView(data.buffer);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([data], name, { type });
};
const choose = (file: File) => fireEvent.change(screen.getByLabelText(/^Image/), { target: { files: [file] } });

// Fluent dialogs are slow to render in jsdom on a busy machine.
jest.setTimeout(20_000);

describe('change avatar dialog', () => {
  it('refuses a file that is too large or not an image before uploading', async () => {
    const api = fakeAccountApi();
    renderDialog(<AvatarDialog api={api} onClose={jest.fn()} onSaved={jest.fn()} />);
    await screen.findByRole('dialog', { name: 'Change avatar' });
    const refusedWith = async (file: File, message: string) => {
      choose(file);
      await waitFor(() => expect(screen.getByLabelText(/^Image/)).toHaveAccessibleDescription(message));
      expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
      expect(screen.queryByRole('img', { name: 'Preview of the new avatar' })).not.toBeInTheDocument();
    };
    await refusedWith(png(AVATAR_MAX_BYTES + 1), 'The file is too large');
    await refusedWith(png(100, 'notes.txt', 'text/plain'), 'This type of file is not allowed');
    // Small, but wider or taller than the server takes: its header says so.
    await refusedWith(png(100, 'wide.png', 'image/png', AVATAR_MAX_SIDE_PX + 1, 10), 'The file is too large');
    await refusedWith(png(100, 'tall.png', 'image/png', 10, 50_000), 'The file is too large');
    // Says it is a PNG, but is not one.
    await refusedWith(new File([new Uint8Array(100)], 'fake.png', { type: 'image/png' }), 'This type of file is not allowed');
    expect(api.uploadAvatar).not.toHaveBeenCalled();
    // At the limit it is fine.
    choose(png(100, 'edge.png', 'image/png', AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled());
  });

  it('previews the chosen image and releases each preview when it is replaced or the dialog closes', async () => {
    const api = fakeAccountApi();
    const { unmount } = renderDialog(<AvatarDialog api={api} onClose={jest.fn()} onSaved={jest.fn()} />);
    await screen.findByRole('dialog');
    choose(png());
    expect(await screen.findByRole('img', { name: 'Preview of the new avatar' })).toHaveAttribute('src', 'blob:preview-1');
    choose(png(200, 'other.png'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Preview of the new avatar' })).toHaveAttribute('src', 'blob:preview-2'));
    expect(revoked).toEqual(['blob:preview-1']);
    unmount();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it('uploads with progress and hands the updated user on', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: (u: UserSummary) => void = () => undefined;
    const api = fakeAccountApi({
      uploadAvatar: jest.fn((_file: File, onProgress: (f: number) => void) => {
        report = onProgress;
        return new Promise<UserSummary>((resolve) => (finish = resolve));
      }),
    });
    const onSaved = jest.fn();
    renderDialog(<AvatarDialog api={api} onClose={jest.fn()} onSaved={onSaved} />);
    await screen.findByRole('dialog');
    const file = png();
    choose(file);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(api.uploadAvatar).toHaveBeenCalledWith(file, expect.any(Function));
    act(() => report(0.42));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await act(() => {
      finish({ ...USER, avatar: 'file-9' });
      return Promise.resolve();
    });
    expect(onSaved).toHaveBeenCalledWith({ ...USER, avatar: 'file-9' });
  });
});
