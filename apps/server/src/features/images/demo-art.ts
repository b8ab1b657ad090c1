/**
 * The offline demo's pictures, as SVG: a small landscape or night sky composed from the prompt —
 * its colour words (English and Turkish) pick the palette, a few subject words pick the scene
 * (sea, mountains, city, forest, flowers, night), and a hash of the prompt and the picture's index
 * places everything. The same prompt always gives the same pictures. Pure: no I/O.
 */
import { createHash } from 'node:crypto';

/** Colours the prompt may name, keyed by the word without accents (Turkish ı read as i). */
const COLOUR_WORDS: Record<string, string> = {
  red: '#d7263d',
  kirmizi: '#d7263d',
  orange: '#f46036',
  turuncu: '#f46036',
  yellow: '#f6c90e',
  sari: '#f6c90e',
  gold: '#d4a017',
  golden: '#d4a017',
  altin: '#d4a017',
  green: '#2e933c',
  yesil: '#2e933c',
  lime: '#9bd43f',
  teal: '#1b998b',
  cyan: '#2ec4d6',
  turquoise: '#30c5b6',
  turkuaz: '#30c5b6',
  blue: '#2e5eaa',
  mavi: '#2e5eaa',
  navy: '#1b2a49',
  lacivert: '#1b2a49',
  purple: '#6a4c93',
  mor: '#6a4c93',
  violet: '#8e5bd6',
  indigo: '#3f37c9',
  pink: '#f06fa4',
  pembe: '#f06fa4',
  magenta: '#c2185b',
  crimson: '#b0172f',
  coral: '#ff7f6a',
  brown: '#8b5a2b',
  kahverengi: '#8b5a2b',
  black: '#151515',
  siyah: '#151515',
  white: '#f4f4f0',
  beyaz: '#f4f4f0',
  gray: '#8a8f98',
  grey: '#8a8f98',
  gri: '#8a8f98',
  silver: '#c0c4cc',
  gumus: '#c0c4cc',
  beige: '#e8d8b8',
  maroon: '#7b1e2b',
  bordo: '#7b1e2b',
};

export type Scene = 'sea' | 'mountains' | 'city' | 'forest' | 'flowers' | 'hills';

const SCENE_WORDS: Record<Exclude<Scene, 'hills'>, string[]> = {
  sea: ['sea', 'ocean', 'water', 'wave', 'waves', 'beach', 'lake', 'deniz', 'okyanus', 'dalga', 'plaj', 'gol'],
  mountains: ['mountain', 'mountains', 'peak', 'peaks', 'alps', 'snow', 'dag', 'daglar', 'zirve', 'kar'],
  city: ['city', 'town', 'building', 'buildings', 'skyline', 'street', 'sehir', 'bina', 'kent', 'sokak'],
  forest: ['forest', 'tree', 'trees', 'wood', 'woods', 'jungle', 'orman', 'agac', 'agaclar'],
  flowers: ['flower', 'flowers', 'garden', 'rose', 'roses', 'tulip', 'cicek', 'cicekler', 'bahce', 'gul', 'lale'],
};
const NIGHT_WORDS = ['night', 'space', 'star', 'stars', 'galaxy', 'moon', 'midnight', 'gece', 'yildiz', 'uzay', 'ay'];

/** The prompt's words, lower case, accents dropped and ı read as i, so "KIRMIZI" and "kırmızı" match. */
export function promptWords(prompt: string): string[] {
  return (
    prompt
      .toLowerCase()
      .replace(/ı/g, 'i')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/\p{L}+/gu) ?? []
  );
}

function matches(word: string, key: string): boolean {
  return word === key || (key.length >= 4 && word.startsWith(key));
}

/** The colours the prompt names, in the order it names them (at most four). */
export function colourWords(prompt: string): string[] {
  const out: string[] = [];
  for (const word of promptWords(prompt)) {
    const key = Object.keys(COLOUR_WORDS).find((k) => matches(word, k));
    const hex = key ? COLOUR_WORDS[key] : undefined;
    if (hex && !out.includes(hex)) out.push(hex);
  }
  return out.slice(0, 4);
}

/** A small deterministic random source (mulberry32) seeded from the prompt and the picture's index. */
export function randomFor(prompt: string, index: number): () => number {
  let state = createHash('sha256').update(`${prompt}\u0000${index}`).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Hsl = [number, number, number];

function hexToHsl(hex: string): Hsl {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hsl([h, s, l]: Hsl): string {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(clamp(s) * 100)}% ${Math.round(clamp(l) * 100)}%)`;
}

function shade([h, s, l]: Hsl, dl: number, ds = 0): Hsl {
  return [h, s + ds, l + dl];
}

export type DemoPalette = { skyTop: string; skyBottom: string; glow: string; layers: string[]; accent: string };

/**
 * The palette: the prompt's colours when it names some, otherwise harmonious hues from its hash;
 * water is blue and a night sky deep blue unless the prompt says otherwise.
 */
export function demoPalette(prompt: string, scene: Scene, night: boolean, random: () => number): DemoPalette {
  const named = colourWords(prompt).map(hexToHsl);
  const base: Hsl = named[0] ?? [random() * 360, 0.55 + random() * 0.25, 0.55];
  const second: Hsl = named[1] ?? [base[0] + 150 + random() * 60, base[1], 0.6];
  const water: Hsl = [195 + random() * 25, 0.6, 0.42];
  const ground: Hsl =
    named[2] ?? named[0] ?? (scene === 'sea' ? water : [base[0] + 30 + random() * 40, base[1] * 0.8, 0.35]);
  const nightHue = named[0]?.[0] ?? 225 + random() * 40;
  const top: Hsl = night ? [nightHue, 0.55, 0.08] : shade(base, 0.22, -0.1);
  const bottom: Hsl = night ? [nightHue + 15, 0.5, 0.24] : shade(second, 0.12);
  return {
    skyTop: hsl(top),
    skyBottom: hsl(bottom),
    glow: night ? 'hsl(48 90% 92%)' : hsl([second[0] + 20, 0.95, 0.85]),
    layers: [0.12, 0.02, -0.08, -0.18].map((dl) => hsl(shade(ground, night ? dl - 0.12 : dl))),
    accent: hsl(named[3] ?? named[1] ?? shade(base, 0.05, 0.2)),
  };
}

/** The scene the prompt's words ask for; "hills" when none does. */
export function demoScene(prompt: string): { scene: Scene; night: boolean } {
  const words = promptWords(prompt);
  const has = (list: string[]) => words.some((w) => list.some((k) => matches(w, k)));
  const scene = (Object.keys(SCENE_WORDS) as Exclude<Scene, 'hills'>[]).find((s) => has(SCENE_WORDS[s])) ?? 'hills';
  return { scene, night: has(NIGHT_WORDS) };
}

const f = (n: number) => n.toFixed(1);

/** A ridge across the picture: a closed path along a wavy or jagged line at height `y`. */
function ridge(w: number, h: number, y: number, amp: number, random: () => number, jagged: boolean): string {
  const steps = jagged ? 5 + Math.floor(random() * 4) : 4;
  const dx = w / steps;
  let d = `M0 ${f(y + (random() - 0.5) * amp)}`;
  for (let i = 1; i <= steps; i++) {
    const x = i * dx;
    const ny = y + (random() - 0.5) * amp * 2;
    d += jagged
      ? ` L${f(x - dx / 2)} ${f(y - amp * (0.6 + random()))} L${f(x)} ${f(ny)}`
      : ` Q${f(x - dx / 2)} ${f(y + (random() - 0.5) * amp * 2.4)} ${f(x)} ${f(ny)}`;
  }
  return `${d} L${w} ${h} L0 ${h} Z`;
}

function sceneDetails(scene: Scene, w: number, h: number, p: DemoPalette, random: () => number): string {
  const parts: string[] = [];
  const u = Math.min(w, h);
  switch (scene) {
    case 'sea':
      for (let i = 0; i < 4; i++) {
        const y = h * (0.62 + i * 0.1);
        parts.push(
          `<path d="${ridge(w, h, y, u * 0.03, random, false)}" fill="${p.layers[i] ?? p.accent}" opacity="0.92"/>`,
        );
      }
      return parts.join('');
    case 'mountains':
      for (let i = 0; i < 3; i++) {
        const y = h * (0.55 + i * 0.13);
        parts.push(`<path d="${ridge(w, h, y, u * (0.16 - i * 0.04), random, true)}" fill="${p.layers[i + 1]}"/>`);
      }
      return parts.join('');
    case 'city': {
      parts.push(`<path d="${ridge(w, h, h * 0.86, u * 0.02, random, false)}" fill="${p.layers[3]}"/>`);
      let x = -random() * u * 0.05;
      while (x < w) {
        const bw = u * (0.07 + random() * 0.08);
        const bh = h * (0.2 + random() * 0.4);
        parts.push(
          `<rect x="${f(x)}" y="${f(h * 0.9 - bh)}" width="${f(bw)}" height="${f(bh + h * 0.1)}" fill="${p.layers[2]}"/>`,
        );
        for (let wy = h * 0.9 - bh + u * 0.02; wy < h * 0.86; wy += u * 0.035) {
          if (random() < 0.45) {
            parts.push(
              `<rect x="${f(x + bw * 0.2)}" y="${f(wy)}" width="${f(bw * 0.18)}" height="${f(u * 0.015)}" fill="${p.glow}" opacity="0.8"/>`,
            );
          }
          if (random() < 0.45) {
            parts.push(
              `<rect x="${f(x + bw * 0.6)}" y="${f(wy)}" width="${f(bw * 0.18)}" height="${f(u * 0.015)}" fill="${p.glow}" opacity="0.8"/>`,
            );
          }
        }
        x += bw + u * 0.01;
      }
      return parts.join('');
    }
    case 'forest':
    case 'flowers':
    case 'hills':
      for (let i = 0; i < 3; i++) {
        const y = h * (0.6 + i * 0.12);
        parts.push(`<path d="${ridge(w, h, y, u * 0.05, random, false)}" fill="${p.layers[i + 1]}"/>`);
        if (scene === 'forest') {
          const count = 6 + Math.floor(random() * 6);
          for (let t = 0; t < count; t++) {
            const tx = random() * w;
            const th = u * (0.08 + random() * 0.08) * (1 + i * 0.3);
            const ty = y + u * 0.02;
            parts.push(
              `<path d="M${f(tx)} ${f(ty - th)} L${f(tx + th * 0.35)} ${f(ty)} L${f(tx - th * 0.35)} ${f(ty)} Z" fill="${p.layers[Math.min(3, i + 2)]}"/>`,
            );
          }
        }
      }
      if (scene === 'flowers') {
        for (let i = 0; i < 14; i++) {
          const cx = random() * w;
          const cy = h * (0.75 + random() * 0.22);
          const r = u * (0.012 + random() * 0.018);
          for (let k = 0; k < 5; k++) {
            const a = (k / 5) * Math.PI * 2;
            parts.push(
              `<circle cx="${f(cx + Math.cos(a) * r)}" cy="${f(cy + Math.sin(a) * r)}" r="${f(r * 0.8)}" fill="${p.accent}"/>`,
            );
          }
          parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.6)}" fill="${p.glow}"/>`);
        }
      }
      return parts.join('');
  }
}

/** The DEMO badge, bottom right, sized to the picture; the same for scenes and edits. */
export function demoLabelBox(width: number, height: number) {
  const u = Math.min(width, height);
  const boxW = Math.round(u * 0.2);
  const boxH = Math.round(u * 0.075);
  const margin = Math.round(u * 0.03);
  return { x: width - margin - boxW, y: height - margin - boxH, width: boxW, height: boxH };
}

export function demoLabelSvg(width: number, height: number): string {
  const box = demoLabelBox(width, height);
  const size = Math.round(box.height * 0.62);
  // sharp renders SVG text with the system's fonts: DejaVu Sans is on the machines this runs on.
  return `<g><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="${Math.round(box.height / 4)}" fill="#000" fill-opacity="0.6"/><text x="${box.x + box.width / 2}" y="${box.y + box.height / 2}" dy="0.36em" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" letter-spacing="${Math.round(size * 0.12)}" fill="#fff" text-anchor="middle">DEMO</text></g>`;
}

/** Prompt words (English and Turkish) that ask for a brand mark or a line stencil rather than a scene. */
const MARK_WORDS = ['logo', 'logosu'];
const STENCIL_WORDS = ['stencil', 'sablon', 'sablonu'];

/** What the prompt asks the demo to draw: a brand mark, a line stencil, or (anything else) a scene. */
export function demoSubject(prompt: string): 'mark' | 'stencil' | 'scene' {
  const words = promptWords(prompt);
  if (MARK_WORDS.some((word) => words.includes(word))) return 'mark';
  if (STENCIL_WORDS.some((word) => words.includes(word))) return 'stencil';
  return 'scene';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** The first "quoted" words of the prompt (a brand name, as a brief quotes it), if any. */
export function quotedName(prompt: string): string | undefined {
  return prompt.match(/["“]([^"”\n]{1,40})["”]/)?.[1]?.trim() || undefined;
}

/**
 * A demo brand mark on white: a geometric mark in the prompt's colours with the brand's initial, and the
 * brand name beside or under it (set in DejaVu Sans, the font sharp's SVG text finds here).
 */
function demoMarkSvg(prompt: string, index: number, width: number, height: number, label: boolean): string {
  const random = randomFor(prompt, index);
  // Colours the brief names as codes come first; "white" is the background the template asks for.
  const codes = (prompt.match(/#[0-9a-f]{6}\b/gi) ?? []).map((c) => c.toLowerCase());
  const named = [...codes, ...colourWords(prompt).filter((c) => c !== COLOUR_WORDS.white)];
  const hue = random() * 360;
  const main = named[0] ?? hsl([hue, 0.6, 0.42]);
  const second = named[1] ?? hsl([hue + 160, 0.55, 0.35]);
  const name = quotedName(prompt) ?? 'Brand';
  const initial = escapeXml(name.match(/[\p{L}\p{N}]/u)?.[0]?.toLocaleUpperCase() ?? 'B');
  const u = Math.min(width, height);
  const beside = index % 2 === 1;
  const r = u * (beside ? 0.14 : 0.18);
  const cx = beside ? width * 0.22 : width / 2;
  const cy = beside ? height / 2 : height * 0.4;
  const shapes = [
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${main}"/>`,
    `<rect x="${f(cx - r)}" y="${f(cy - r)}" width="${f(r * 2)}" height="${f(r * 2)}" rx="${f(r * 0.35)}" fill="${main}"/>`,
    `<path d="M${f(cx)} ${f(cy - r)} L${f(cx + r * 0.87)} ${f(cy - r / 2)} L${f(cx + r * 0.87)} ${f(cy + r / 2)} L${f(cx)} ${f(cy + r)} L${f(cx - r * 0.87)} ${f(cy + r / 2)} L${f(cx - r * 0.87)} ${f(cy - r / 2)} Z" fill="${main}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="none" stroke="${main}" stroke-width="${f(r * 0.14)}"/>`,
  ];
  const shape = Math.floor(random() * shapes.length);
  const letterFill = shape === 3 ? main : '#ffffff';
  const room = beside ? width - (cx + r * 1.35) - u * 0.05 : width * 0.85;
  const size = Math.min(u * 0.09, room / Math.max(4, name.length * 0.66));
  const text = beside
    ? `<text x="${f(cx + r * 1.35)}" y="${f(cy)}" dy="0.36em" font-size="${f(size)}" fill="${second}" text-anchor="start">${escapeXml(name)}</text>`
    : `<text x="${f(width / 2)}" y="${f(cy + r + size * 1.4)}" font-size="${f(size)}" fill="${second}" text-anchor="middle">${escapeXml(name)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    shapes[shape],
    `<g font-family="DejaVu Sans, sans-serif" font-weight="bold">`,
    `<text x="${f(cx)}" y="${f(cy)}" dy="0.36em" font-size="${f(r * 1.05)}" fill="${letterFill}" text-anchor="middle">${initial}</text>`,
    text,
    '</g>',
    label ? demoLabelSvg(width, height) : '',
    '</svg>',
  ].join('');
}

/** A demo stencil: the line design of demo edits, in black on white, ready to print. */
function demoStencilSvg(prompt: string, index: number, width: number, height: number, label: boolean): string {
  const side = Math.min(width, height) * 0.7;
  const box: Box = { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side };
  const design = demoDesignSvg(`black ${prompt}`, index, width, height, box);
  const inner = design.slice(design.indexOf('>') + 1, design.lastIndexOf('</svg>'));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    inner,
    label ? demoLabelSvg(width, height) : '',
    '</svg>',
  ].join('');
}

/**
 * A whole demo picture as SVG: a brand mark or a stencil when the prompt asks for one (a brief's
 * template may), else a scene. `label: false` is for tests comparing against the labelled one.
 */
export function demoSceneSvg(prompt: string, index: number, width: number, height: number, label = true): string {
  const subject = demoSubject(prompt);
  if (subject === 'mark') return demoMarkSvg(prompt, index, width, height, label);
  if (subject === 'stencil') return demoStencilSvg(prompt, index, width, height, label);
  const random = randomFor(prompt, index);
  const { scene, night } = demoScene(prompt);
  const p = demoPalette(prompt, scene, night, random);
  const u = Math.min(width, height);
  const sunX = width * (0.15 + random() * 0.7);
  const sunY = height * (0.15 + random() * 0.25);
  const sunR = u * (night ? 0.06 : 0.1 + random() * 0.06);
  const stars = night
    ? Array.from(
        { length: 60 },
        () =>
          `<circle cx="${f(random() * width)}" cy="${f(random() * height * 0.6)}" r="${f(u * (0.002 + random() * 0.003))}" fill="#fff" opacity="${f(0.5 + random() * 0.5)}"/>`,
      ).join('')
    : Array.from(
        { length: 3 + Math.floor(random() * 3) },
        () =>
          `<ellipse cx="${f(random() * width)}" cy="${f(height * (0.08 + random() * 0.3))}" rx="${f(u * (0.08 + random() * 0.1))}" ry="${f(u * (0.02 + random() * 0.02))}" fill="#fff" opacity="0.35"/>`,
      ).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${p.glow}"/><stop offset="0.45" stop-color="${p.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    stars,
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 2.2)}" fill="url(#glow)"/>`,
    sceneDetails(scene, width, height, p, random),
    label ? demoLabelSvg(width, height) : '',
    '</svg>',
  ].join('');
}

/** Where a demo design goes on a photo: a box in photo pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/**
 * A line design for demo edits, drawn inside `box` on a transparent picture of the
 * photo's size: a ring of petals around a star, in ink or in the prompt's first colour.
 */
export function demoDesignSvg(prompt: string, index: number, width: number, height: number, box: Box): string {
  const random = randomFor(prompt, index);
  const ink = colourWords(prompt)[0] ?? '#1d1a24';
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const r = Math.max(4, Math.min(box.width, box.height) * 0.45);
  const stroke = Math.max(1.5, r * 0.045);
  const petals = 5 + Math.floor(random() * 5);
  const turn = random() * Math.PI;
  const shapes: string[] = [
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.28)}"/>`,
  ];
  for (let i = 0; i < petals; i++) {
    const a = turn + (i / petals) * Math.PI * 2;
    const tip = [cx + Math.cos(a) * r * 0.92, cy + Math.sin(a) * r * 0.92];
    const side = (da: number) => [cx + Math.cos(a + da) * r * 0.45, cy + Math.sin(a + da) * r * 0.45];
    const [lx, ly] = side(0.45);
    const [rx, ry] = side(-0.45);
    shapes.push(
      `<path d="M${f(cx + Math.cos(a) * r * 0.3)} ${f(cy + Math.sin(a) * r * 0.3)} Q${f(lx ?? 0)} ${f(ly ?? 0)} ${f(tip[0] ?? 0)} ${f(tip[1] ?? 0)} Q${f(rx ?? 0)} ${f(ry ?? 0)} ${f(cx + Math.cos(a) * r * 0.3)} ${f(cy + Math.sin(a) * r * 0.3)} Z"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g fill="none" stroke="${ink}" stroke-width="${f(stroke)}" stroke-linejoin="round" stroke-linecap="round" opacity="0.88">${shapes.join('')}</g></svg>`;
}
