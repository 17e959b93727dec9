import { act, fireEvent, render, screen } from '@testing-library/react';
import { useFileUrl, usePlayerFileUrl } from './fileUrl';

const SESSION = { file_link: 'Link_id-0123456789abcd', file_key: 'test-file-key_0123456789abcdefghijklmnopqrstu' };
const START = Date.UTC(2026, 0, 1, 0, 30);
const FIRST_EXPIRY = 1767232800; // 02:00 UTC: the hour boundary after next

function Image({ fileId }: { fileId: string }) {
  return <img alt="pic" src={useFileUrl(fileId, SESSION)} />;
}

function Player({ fileId }: { fileId: string }) {
  return <audio aria-label="clip" {...usePlayerFileUrl(fileId, SESSION)} />;
}

describe('file URL hooks', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keep one signed URL all hour and sign a fresh one when the hour turns', () => {
    render(<Image fileId="AbCdEfGhIjKlMnOpQrStUvWx" />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe(`/api/files/AbCdEfGhIjKlMnOpQrStUvWx?l=${SESSION.file_link}&x=${FIRST_EXPIRY}&s=VD0CCKTaEmebND1nGg2E9puvNtpxNFBrj49KAeUwF2U`);
    act(() => jest.advanceTimersByTime(29 * 60_000));
    expect(img.getAttribute('src')).toContain(`x=${FIRST_EXPIRY}&`);
    act(() => jest.advanceTimersByTime(60_000 + 50));
    expect(img.getAttribute('src')).toContain(`x=${FIRST_EXPIRY + 3600}&`);
    act(() => jest.advanceTimersByTime(3600_000));
    expect(img.getAttribute('src')).toContain(`x=${FIRST_EXPIRY + 7200}&`);
  });

  it('keep a playing player on its URL and renew it once it pauses', () => {
    render(<Player fileId="AbCdEfGhIjKlMnOpQrStUvWx" />);
    const audio = screen.getByLabelText('clip');
    fireEvent.play(audio);
    act(() => jest.advanceTimersByTime(31 * 60_000));
    expect(audio.getAttribute('src')).toContain(`x=${FIRST_EXPIRY}&`);
    fireEvent.pause(audio);
    expect(audio.getAttribute('src')).toContain(`x=${FIRST_EXPIRY + 3600}&`);
  });
});
