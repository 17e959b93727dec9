import { useCallback, useState } from 'react';
import type { Captcha } from '@ptt/contracts';

export interface CaptchaState {
  captcha: Captcha | null;
  answer: string;
  setAnswer: (value: string) => void;
  /** Drops the shown image and answer and fetches a new image (the server spends one per check). */
  refresh: () => void;
}

/** One captcha image and its typed answer; `onError` gets a failed fetch. */
export function useCaptcha(fetchCaptcha: () => Promise<Captcha>, onError: (e: unknown) => void): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const refresh = useCallback(() => {
    setCaptcha(null);
    setAnswer('');
    fetchCaptcha().then(setCaptcha).catch(onError);
  }, [fetchCaptcha, onError]);
  return { captcha, answer, setAnswer, refresh };
}
