import { useEffect } from 'react';

/** Marks the on-screen PTT controls: they handle their own keys, the page-wide key skips them. */
export const PTT_CONTROL_ATTR = 'data-ptt-control';

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image']);

/** Whether a key pressed here is typing (a text field, a list box, an editable region). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  // jsdom has no isContentEditable; browsers agree with this test.
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * The custom PTT key (a `KeyboardEvent.code` from settings) held anywhere on the page, except
 * while typing: keydown presses, keyup releases, auto-repeat is ignored, and leaving the window
 * releases (its keyup would never come).
 */
export function usePttKey(code: string, press: () => void, release: () => void): void {
  useEffect(() => {
    let held = false;
    const down = (e: KeyboardEvent) => {
      if (e.code !== code || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target) || (e.target instanceof Element && e.target.closest(`[${PTT_CONTROL_ATTR}]`))) return;
      e.preventDefault(); // Space would scroll or click the focused button
      if (e.repeat || held) return;
      held = true;
      press();
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== code || !held) return;
      e.preventDefault();
      held = false;
      release();
    };
    const blur = () => {
      held = false;
      release();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [code, press, release]);
}
