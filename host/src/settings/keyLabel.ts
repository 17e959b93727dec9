/**
 * What the PTT key button shows for a stored `KeyboardEvent.code`: the letter or digit printed on
 * the key ('KeyT' -> 'T', 'Digit1' -> '1'), otherwise the code itself ('Space', 'F5', 'ShiftLeft').
 */
export function keyLabel(code: string): string {
  const match = /^(?:Key|Digit)(.)$/.exec(code);
  if (match?.[1]) return match[1];
  const numpad = /^Numpad(.+)$/.exec(code);
  if (numpad?.[1]) return `Numpad ${numpad[1]}`;
  return code;
}
