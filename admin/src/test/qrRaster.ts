/**
 * The `index`th QR SVG of `html` (a label sheet) drawn as RGBA pixels for jsQR (qrcode's path: M/m
 * moves, h runs of dark modules).
 */
export function rasterize(html: string, index = 0, scale = 4): { data: Uint8ClampedArray; size: number } {
  const svg = [...html.matchAll(/<svg[^>]*viewBox="0 0 (\d+) \d+"[^>]*>[\s\S]*?<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/g)][index];
  if (!svg) throw new Error(`no QR svg number ${index} in the sheet`);
  const modules = Number(svg[1]);
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of svg[2].matchAll(/([MmhH])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === 'M') { x = n; y = Math.floor(Number(b)); }
    else if (cmd === 'm') x += n;
    else {
      for (let i = 0; i < n; i++) {
        for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
          const p = ((y * scale + dy) * size + (x + i) * scale + dx) * 4;
          data[p] = data[p + 1] = data[p + 2] = 0;
        }
      }
      x += n;
    }
  }
  return { data, size };
}
