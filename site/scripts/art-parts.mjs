// SVG building blocks for the site's illustrations (see make-images.mjs).

/** A cartoon honeybee centred on (x, y), facing right, scaled by s. */
export function bee(x, y, s = 1, rotate = 0) {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s})">
    <ellipse cx="-6" cy="-16" rx="12" ry="8" fill="#ffffff" fill-opacity=".85" stroke="#2b1d0e" stroke-width="2" transform="rotate(-20 -6 -16)"/>
    <ellipse cx="8" cy="-16" rx="12" ry="8" fill="#ffffff" fill-opacity=".85" stroke="#2b1d0e" stroke-width="2" transform="rotate(20 8 -16)"/>
    <ellipse cx="0" cy="0" rx="20" ry="13" fill="#ffc83d" stroke="#2b1d0e" stroke-width="2.5"/>
    <path d="M-7 -12 v24 M3 -13 v26" stroke="#2b1d0e" stroke-width="5"/>
    <circle cx="16" cy="-3" r="2.2" fill="#2b1d0e"/>
    <path d="M-20 0 l-7 0" stroke="#2b1d0e" stroke-width="3" stroke-linecap="round"/>
  </g>`;
}

/** A five-petal flower at (x, y). */
export function flower(x, y, r, petal, centre = '#f2a91b') {
  const petals = [0, 72, 144, 216, 288]
    .map((a) => `<ellipse cx="0" cy="${-r}" rx="${r * 0.62}" ry="${r}" fill="${petal}" transform="rotate(${a})"/>`)
    .join('');
  return `<g transform="translate(${x} ${y})">${petals}<circle r="${r * 0.55}" fill="${centre}"/></g>`;
}

/** A flower on a stem from the ground line. */
export function stemFlower(x, ground, height, r, petal) {
  return `<path d="M${x} ${ground} q ${-8} ${-height / 2} 0 ${-height}" stroke="#3f7d3a" stroke-width="4" fill="none"/>
    <ellipse cx="${x - 10}" cy="${ground - height * 0.4}" rx="10" ry="5" fill="#4f9a48" transform="rotate(-30 ${x - 10} ${ground - height * 0.4})"/>
    ${flower(x, ground - height, r, petal)}`;
}

/** A painted Langstroth hive (stacked boxes) with its base at (x, y). */
export function hive(x, y, w, colours, pattern = '') {
  const boxH = w * 0.36;
  const boxes = colours
    .map((c, i) => {
      const top = y - boxH * (i + 1);
      return `<rect x="${x}" y="${top}" width="${w}" height="${boxH}" rx="4" fill="${c}" stroke="#2b1d0e" stroke-width="3"/>
        <rect x="${x + w * 0.38}" y="${top + boxH * 0.38}" width="${w * 0.24}" height="${boxH * 0.16}" rx="3" fill="#2b1d0e" fill-opacity=".35"/>`;
    })
    .join('');
  const roofY = y - boxH * colours.length;
  return `<g>${boxes}${pattern}
    <rect x="${x - 8}" y="${roofY - 16}" width="${w + 16}" height="18" rx="4" fill="#7a5230" stroke="#2b1d0e" stroke-width="3"/>
    <rect x="${x + 6}" y="${y}" width="${w - 12}" height="10" fill="#5a3b1e"/></g>`;
}

/** A honey jar: body, honey fill, lid, label text. Width about 220, height about 300, base at (x, y). */
export function jar(x, y, honey, lid, label, scale = 1) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect x="-95" y="-250" width="190" height="245" rx="36" fill="#ffffff" fill-opacity=".55" stroke="#2b1d0e" stroke-width="5"/>
    <rect x="-88" y="-215" width="176" height="204" rx="30" fill="${honey}"/>
    <rect x="-70" y="-200" width="18" height="150" rx="9" fill="#ffffff" fill-opacity=".35"/>
    <rect x="-80" y="-292" width="160" height="46" rx="10" fill="${lid}" stroke="#2b1d0e" stroke-width="5"/>
    <path d="M-80 -272 h160" stroke="#2b1d0e" stroke-opacity=".3" stroke-width="4"/>
    <rect x="-72" y="-160" width="144" height="84" rx="12" fill="#fff8ec" stroke="#2b1d0e" stroke-width="3"/>
    <text x="0" y="-124" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="19" fill="#2b1d0e">${label[0]}</text>
    <text x="0" y="-94" text-anchor="middle" font-family="Georgia, serif" font-size="18" fill="#8a4b00">${label[1]}</text>
  </g>`;
}

/** Hexagonal honeycomb pattern as a <pattern> definition with the given id. */
export function honeycombPattern(id, colour, opacity = 0.25) {
  return `<pattern id="${id}" width="56" height="97" patternUnits="userSpaceOnUse">
    <path d="M28 0 L56 16 L56 48 L28 64 L0 48 L0 16 Z M28 64 L28 97" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="3"/>
  </pattern>`;
}

export const svg = (w, h, body, bg) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${bg ? `<rect width="${w}" height="${h}" fill="${bg}"/>` : ''}${body}</svg>`;
