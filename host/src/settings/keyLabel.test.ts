import { keyLabel } from './keyLabel';

describe('keyLabel', () => {
  it.each([
    ['KeyT', 'T'],
    ['Digit1', '1'],
    ['Numpad5', 'Numpad 5'],
    ['Space', 'Space'],
    ['F5', 'F5'],
    ['ShiftLeft', 'ShiftLeft'],
  ])('shows %s as %s', (code, label) => {
    expect(keyLabel(code)).toBe(label);
  });
});
