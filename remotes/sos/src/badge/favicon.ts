// The waiting count drawn as the page's icon, so a tab in the background still shows it.

const SIZE = 64;

/** A red disc with the count in white as a PNG data: URL; null where there is no 2D canvas. */
export function badgeIcon(count: number, doc: Document = document): string | null {
  const canvas = doc.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const text = count > 99 ? '99+' : String(count);
  ctx.fillStyle = '#d13438';
  ctx.beginPath();
  ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2 - 1, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${text.length > 2 ? 24 : text.length > 1 ? 34 : 42}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, SIZE / 2, SIZE / 2 + 2);
  return canvas.toDataURL('image/png');
}
