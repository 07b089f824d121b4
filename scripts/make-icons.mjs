// Draws the app icons of the web app manifest from the product's logo mark with the
// system Chromium, so they stay in step with the logo: `node scripts/make-icons.mjs`.
// Writes shell/public/icons/*.png (committed; the build copies public/ as is).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');
const out = new URL('../shell/public/icons/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const BRAND = '#0f6e65';
const MARK =
  '<path fill="#fff" d="M16 3C8.82 3 3 8.15 3 14.5c0 3.3 1.57 6.27 4.09 8.37L6 29l6.02-3.12c1.25.33 2.58.5 3.98.5 7.18 0 13-5.15 13-11.5S23.18 3 16 3Z"/>' +
  [10.5, 16, 21.5].map((cx) => `<circle cx="${cx}" cy="14.5" r="1.9" fill="${BRAND}"/>`).join('');

/** `inset`: share of the side kept around the mark (maskable icons need their centre 80 % safe). */
const svg = (size, inset, rounded) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${BRAND}"/>` +
  `<g transform="translate(${16 * inset} ${16 * inset}) scale(${1 - inset})">${MARK}</g></svg>`;

const ICONS = [
  { name: 'icon-192.png', size: 192, inset: 0.22, rounded: true },
  { name: 'icon-512.png', size: 512, inset: 0.22, rounded: true },
  { name: 'icon-maskable-512.png', size: 512, inset: 0.4, rounded: false },
  { name: 'apple-touch-icon.png', size: 180, inset: 0.25, rounded: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<body style="margin:0">${svg(icon.size, icon.inset, icon.rounded)}</body>`);
  await page.locator('svg').screenshot({ path: `${out}${icon.name}`, omitBackground: true });
}
await browser.close();
