// One-off generator of the site's illustrations: SVG drawn here, rendered to PNG with sharp.
// Run from the repo root: node site/scripts/make-images.mjs   (outputs are committed).
import fs from 'node:fs';
import path from 'node:path';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { bee, flower, stemFlower, hive, jar, honeycombPattern, svg } from './art-parts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = (rel) => path.join(root, rel);

async function png(rel, markup, width) {
  fs.mkdirSync(path.dirname(out(rel)), { recursive: true });
  await sharp(Buffer.from(markup)).resize({ width }).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out(rel));
  console.log(rel, fs.statSync(out(rel)).size);
}

const backdrop = (w, h, top, bottom, id) => `<defs>${honeycombPattern(id, '#8a4b00', 0.12)}
  <linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#${id}g)"/><rect width="${w}" height="${h}" fill="url(#${id})"/>`;

const products = {
  'wildflower-honey': () =>
    backdrop(600, 600, '#fff3d6', '#fde7b0', 'p1') +
    stemFlower(110, 560, 170, 22, '#9b6bd3') + stemFlower(160, 560, 120, 18, '#e86a9a') + stemFlower(480, 560, 150, 20, '#ffffff') +
    jar(300, 540, '#f2a91b', '#8a4b00', ['Wildflower', '16 oz']) +
    `<path d="M430 300 l90 -90" stroke="#a0682a" stroke-width="10" stroke-linecap="round"/><ellipse cx="425" cy="305" rx="22" ry="16" fill="#c98a3d" stroke="#2b1d0e" stroke-width="3"/>` +
    bee(500, 120, 1.3, -10),
  'single-origin-honey': () =>
    backdrop(600, 600, '#f3ead8', '#e6cfa6', 'p2') +
    jar(300, 545, '#b8650a', '#2f6b3a', ['Single-Origin', '16 oz']) +
    `<g transform="translate(455 170)"><path d="M0 60 C-40 10 -40 -40 0 -40 C40 -40 40 10 0 60 Z" fill="#a4161a" stroke="#2b1d0e" stroke-width="4"/><circle cy="-8" r="14" fill="#fff8ec"/></g>` +
    bee(130, 150, 1.2, 15),
  'blend-honey': () =>
    backdrop(600, 600, '#fffaf0', '#fbe3a6', 'p3') +
    jar(300, 540, '#f7c14a', '#f2a91b', ['Community', 'Blend 8 oz'], 0.85) +
    flower(110, 480, 26, '#ffffff') + flower(500, 470, 22, '#f2a0c0') + bee(470, 140, 1.1, 0),
  'gift-set': () =>
    backdrop(600, 600, '#f6ecdf', '#e7d2b3', 'p4') +
    `<rect x="40" y="380" width="520" height="170" rx="12" fill="#c79a62" stroke="#2b1d0e" stroke-width="5"/><path d="M40 430 h520" stroke="#2b1d0e" stroke-opacity=".3" stroke-width="4"/>` +
    jar(150, 470, '#f7c14a', '#8a4b00', ['Spring', '']  , 0.62) + jar(300, 470, '#f2a91b', '#2f6b3a', ['Summer', ''], 0.62) + jar(450, 470, '#b8650a', '#a4161a', ['Fall', ''], 0.62) +
    `<rect x="40" y="470" width="520" height="26" fill="#a4161a" fill-opacity=".85"/><text x="300" y="530" text-anchor="middle" font-family="Georgia, serif" font-size="28" font-weight="700" fill="#2b1d0e">Tasting Set</text>` +
    bee(520, 90, 1.1, 10),
  'beeswax-candle': () =>
    backdrop(600, 600, '#2b2118', '#4a3826', 'p5') +
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffd27a" stop-opacity=".8"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient><circle cx="300" cy="220" r="200" fill="url(#glow)"/>` +
    `<rect x="170" y="280" width="260" height="260" rx="30" fill="#ffffff" fill-opacity=".25" stroke="#fff8ec" stroke-width="5"/>` +
    `<rect x="185" y="300" width="230" height="225" rx="24" fill="#f2b43a"/><path d="M185 340 h230" stroke="#d9951f" stroke-width="6"/>` +
    `<path d="M300 300 v-40" stroke="#2b1d0e" stroke-width="5"/><path d="M300 170 C330 220 325 262 300 265 C275 262 270 220 300 170 Z" fill="#ffb32b"/><path d="M300 205 C314 232 312 255 300 257 C288 255 286 232 300 205 Z" fill="#fff4c2"/>`,
  'lip-balm-set': () =>
    backdrop(600, 600, '#fdf1f3', '#f4dfe4', 'p6') +
    [['#f2a91b', 'Honey', 150], ['#7cc7a5', 'Mint', 300], ['#efe2c8', 'Plain', 450]]
      .map(([c, t, x]) => `<g transform="translate(${x} 330)"><rect x="-48" y="-150" width="96" height="260" rx="16" fill="${c}" stroke="#2b1d0e" stroke-width="5"/><rect x="-48" y="-150" width="96" height="70" rx="16" fill="#fff8ec" stroke="#2b1d0e" stroke-width="5"/><text y="40" text-anchor="middle" font-family="Georgia, serif" font-size="24" font-weight="700" fill="#2b1d0e">${t}</text></g>`)
      .join('') +
    bee(510, 110, 1, -15),
  'food-wrap-pack': () =>
    backdrop(600, 600, '#eef6ec', '#d8ead2', 'p7') +
    `<defs>${honeycombPattern('wrapA', '#2b1d0e', 0.5)}</defs>` +
    `<g transform="rotate(-8 300 300)"><rect x="80" y="330" width="440" height="150" rx="14" fill="#f2a91b" stroke="#2b1d0e" stroke-width="5"/><rect x="80" y="330" width="440" height="150" rx="14" fill="url(#wrapA)"/></g>` +
    `<g transform="rotate(5 300 300)"><rect x="110" y="210" width="380" height="130" rx="14" fill="#7cc7a5" stroke="#2b1d0e" stroke-width="5"/>${flower(180, 275, 20, '#fff8ec')}${flower(300, 260, 16, '#f2a0c0')}${flower(420, 285, 20, '#fff8ec')}</g>` +
    `<g transform="rotate(-3 300 300)"><rect x="150" y="110" width="300" height="110" rx="14" fill="#f4d9a0" stroke="#2b1d0e" stroke-width="5"/>${bee(300, 165, 1.1, 0)}</g>`,
};

function heroArt() {
  const w = 1200, h = 900;
  const hills = `<path d="M0 620 C200 520 380 560 560 610 C760 660 960 520 1200 560 V900 H0 Z" fill="#8dc07f"/>
    <path d="M0 720 C260 640 520 700 760 720 C940 735 1080 680 1200 690 V900 H0 Z" fill="#5f9e55"/>`;
  const city = [80, 170, 230, 330, 420, 880, 960, 1050, 1120]
    .map((x, i) => `<rect x="${x}" y="${470 - (i % 3) * 60}" width="70" height="${200 + (i % 3) * 60}" fill="#d8c4a4" opacity=".7"/>`)
    .join('');
  const flowers = [60, 140, 260, 900, 1010, 1110, 380, 760]
    .map((x, i) => stemFlower(x, 880, 90 + (i % 3) * 30, 18, ['#9b6bd3', '#ffffff', '#e86a9a', '#f2a91b'][i % 4]))
    .join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde7b0"/><stop offset="1" stop-color="#fff8ec"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="960" cy="180" r="110" fill="#f2a91b" opacity=".9"/>${city}${hills}
    ${hive(420, 800, 170, ['#f2a91b', '#7cc7a5', '#e86a9a'])}${hive(660, 810, 150, ['#9b6bd3', '#f7c14a'])}${flowers}
    ${bee(300, 300, 1.6, -10)}${bee(560, 220, 1.3, 8)}${bee(800, 360, 1.5, -5)}${bee(150, 450, 1.1, 12)}
    <path d="M330 300 q 60 -60 120 -20 t 100 -60" stroke="#2b1d0e" stroke-dasharray="6 10" stroke-width="3" fill="none" opacity=".5"/>`;
}

function founderArt() {
  return backdrop(600, 600, '#fde7b0', '#f6d48a', 'f') +
    `<circle cx="300" cy="640" r="250" fill="#2f6b3a"/>
    <path d="M190 470 q110 -80 220 0 v130 h-220 Z" fill="#fff8ec" stroke="#2b1d0e" stroke-width="4"/>
    <circle cx="300" cy="300" r="105" fill="#8d5a3b" stroke="#2b1d0e" stroke-width="4"/>
    <path d="M195 285 q10 -120 105 -125 q95 5 105 125 q-20 -60 -105 -70 q-85 10 -105 70 Z" fill="#2b1d0e"/>
    <ellipse cx="300" cy="205" rx="190" ry="34" fill="#f4e3bf" stroke="#2b1d0e" stroke-width="4"/>
    <path d="M180 205 q120 -150 240 0 Z" fill="#f4e3bf" stroke="#2b1d0e" stroke-width="4"/>
    <circle cx="262" cy="305" r="9" fill="#2b1d0e"/><circle cx="338" cy="305" r="9" fill="#2b1d0e"/>
    <path d="M265 350 q35 28 70 0" stroke="#2b1d0e" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    bee(470, 170, 1.4, -15) + bee(120, 380, 1.1, 10) + flower(300, 500, 22, '#f2a91b', '#fff8ec');
}

function wrapsArt() {
  return backdrop(800, 600, '#eaf3f8', '#d6e8f2', 'w') +
    `<rect x="0" y="470" width="800" height="130" fill="#8dc07f"/>` +
    hive(90, 500, 170, ['#e86a9a', '#9b6bd3', '#f2a91b'], `${flower(175, 380, 24, '#fff8ec')}${flower(130, 445, 14, '#fff8ec')}`) +
    hive(320, 500, 170, ['#7cc7a5', '#f7c14a', '#7cc7a5'], `<path d="M330 480 q40 -120 75 -60 q40 60 75 -60" stroke="#2b1d0e" stroke-width="6" fill="none"/>${bee(405, 330, 1.2)}`) +
    hive(550, 500, 170, ['#f2a91b', '#2f6b3a', '#fff8ec'], `<circle cx="635" cy="405" r="40" fill="#a4161a"/><circle cx="635" cy="405" r="18" fill="#f7c14a"/>`) +
    bee(700, 120, 1.3, 10) + bee(120, 110, 1.1, -10);
}


const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 4l24 14v28L32 60 8 46V18z" fill="#f2a91b" stroke="#2b1d0e" stroke-width="3"/><ellipse cx="24" cy="24" rx="9" ry="6" fill="#fff" stroke="#2b1d0e" stroke-width="2" transform="rotate(-25 24 24)"/><ellipse cx="40" cy="24" rx="9" ry="6" fill="#fff" stroke="#2b1d0e" stroke-width="2" transform="rotate(25 40 24)"/><ellipse cx="32" cy="38" rx="10" ry="12" fill="#ffd45c" stroke="#2b1d0e" stroke-width="2.5"/><path d="M23 35h18M22.5 41h19" stroke="#2b1d0e" stroke-width="3.5"/></svg>`;

/** An .ico holding one 32x32 PNG image (a valid ICO since Windows Vista; all browsers read it). */
async function ico(rel, markup) {
  const image = await sharp(Buffer.from(markup)).resize(32, 32).png().toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
  header.writeUInt8(32, 6); header.writeUInt8(32, 7); header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14); header.writeUInt32LE(22, 18);
  fs.writeFileSync(out(rel), Buffer.concat([header, image]));
}

for (const [name, draw] of Object.entries(products)) {
  await png(`content/catalog/images/${name}.png`, svg(600, 600, draw()), 600);
}
await png('site/src/images/hero.png', svg(1200, 900, heroArt()), 1000);
await png('site/src/images/founder.png', svg(600, 600, founderArt()), 480);
await png('site/src/images/hive-wraps.png', svg(800, 600, wrapsArt()), 800);
await png('site/static/og-image.png', svg(1200, 630, `<g transform="translate(0 -150)">${heroArt()}</g><rect x="60" y="60" width="520" height="150" rx="20" fill="#fff8ec" opacity=".92"/><text x="90" y="150" font-family="Georgia, serif" font-size="72" font-weight="700" fill="#2b1d0e">Buzz Haven</text><text x="92" y="192" font-family="sans-serif" font-size="28" fill="#8a4b00">Urban beekeeping in East Hills</text>`), 1200);
fs.writeFileSync(out('site/static/favicon.svg'), favicon);
await ico('site/static/favicon.ico', favicon);
// The icon pages link: a PNG, because Chromium fetches and decodes a page's favicon in the
// page's renderer, and an SVG one costs time on its main thread (an SVG document per icon).
await png('site/static/favicon-96.png', favicon, 96);
