import { Button } from '@fluentui/react-components';
import type { ButtonProps } from '@fluentui/react-components';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { PTT_CONTROL_ATTR } from './usePttKey';

const HOLD_KEYS = new Set([' ', 'Enter']);

export interface HoldButtonProps {
  onPress: () => void;
  onRelease: () => void;
  children: ReactNode;
  icon?: ButtonProps['icon'];
  appearance?: ButtonProps['appearance'];
  className?: string;
  disabledFocusable?: boolean;
  'aria-pressed'?: boolean;
  /** Where several PTT buttons show at once, which room this one talks in. */
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-state'?: string;
  'data-access-ms'?: number;
}

/**
 * A button held down rather than clicked: pointer or touch (captured, so sliding off does not
 * let go), or Space/Enter while focused. Losing focus or the pointer releases.
 */
export function HoldButton({ onPress, onRelease, ...rest }: HoldButtonProps) {
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    onPress();
  };
  const keyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault(); // no click: holding is the action
    if (!e.repeat) onPress();
  };
  const keyUp = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault();
    onRelease();
  };
  return (
    <Button
      {...rest}
      {...{ [PTT_CONTROL_ATTR]: '' }}
      style={{ touchAction: 'none', userSelect: 'none' }}
      onPointerDown={down}
      onPointerUp={onRelease}
      onPointerCancel={onRelease}
      onLostPointerCapture={onRelease}
      onKeyDown={keyDown}
      onKeyUp={keyUp}
      onBlur={onRelease}
      onContextMenu={(e) => e.preventDefault()}
    />
  );
}
