/**
 * Draws the installable app's icons (apps/web/public/icons) from the favicon's artwork: `any` icons
 * keep its rounded square on a transparent ground; `maskable` ones fill the whole square with the
 * gradient and keep the mark inside the central 80% safe zone, so a launcher's circle or squircle
 * crop never cuts it; the Apple touch icon is full-bleed (iOS rounds it). The PNGs are committed;
 * run this again after changing the artwork: `node scripts/make-app-icons.ts`.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp') as typeof import('sharp').default;
const out = join(root, 'apps/web/public/icons');

const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#06b6d4"/></linearGradient></defs>';
const MARK =
  '<path d="M20 44V20h13a8 8 0 0 1 0 16h-7v8z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/><circle cx="44" cy="44" r="4" fill="#fff"/>';

const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" rx="16" fill="url(#g)"/>${MARK}</svg>`;
// The mark spans 17.5–48 of 64; scaled to 80% around the centre it stays well inside the safe circle.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(6.4 6.4) scale(0.8)">${MARK}</g></svg>`;

mkdirSync(out, { recursive: true });
const icons: [string, string, number][] = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', fullBleed, 192],
  ['maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(join(out, name));
  console.log(`${name} ${size}×${size}`);
}
