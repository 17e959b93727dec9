/**
 * A short "browser version · system" for a stored user agent, as people read it in records
 * ('Chrome 156 · Windows'); the raw string ran over four lines. Anything unrecognised (a handset
 * app's own agent) is returned as it is. Order matters: Edge and Opera also say Chrome, Chrome
 * also says Safari, Android also says Linux, iOS also says Mac OS X.
 */
const BROWSERS: ReadonlyArray<[string, RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: ReadonlyArray<[string, RegExp]> = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

export function userAgentLabel(ua: string): string {
  const browser = BROWSERS.find(([, re]) => re.test(ua));
  const system = SYSTEMS.find(([, re]) => re.test(ua));
  if (!browser && !system) return ua;
  const parts: string[] = [];
  if (browser) parts.push(`${browser[0]} ${browser[1].exec(ua)![1]}`);
  if (system) parts.push(system[0]);
  return parts.join(' · ');
}
