export { PositionButton } from './PositionButton';
export type { PositionButtonProps } from './PositionButton';
export { en, zh } from './strings';
