import type { OcrBox, OcrLine } from './ocr-engine.ts';
import { weightedConfidence } from './photo-ocr.ts';

/**
 * Regions of text translated and redrawn as one: lines that read as one paragraph. Tesseract's
 * paragraphs and blocks on photos are unreliable (a sign's title and its small print often land in
 * one; two lines of one paragraph in two blocks), so lines are grouped by geometry: a line joins the previous region when
 * it sits right below it (a gap under ~1.2 line heights), is about as tall (one font size), and
 * overlaps it horizontally. A translation then gets the whole region's box to flow into.
 */

export type TextAlign = 'left' | 'center' | 'right';

export type TextSegment = {
  id: string;
  lines: OcrLine[];
  /** The lines' text joined with "\n" (what the translator gets). */
  text: string;
  /** The union of the lines' boxes, in the photo's pixels. */
  box: OcrBox;
  /** Median height of the lines' ink (px). */
  lineHeight: number;
  /** How the lines sit against each other (left when there is one line). */
  align: TextAlign;
  confidence: number;
};

const MAX_GAP = 1.2;
const MAX_HEIGHT_RATIO = 1.6;

const height = (b: OcrBox) => b.y1 - b.y0;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function union(boxes: OcrBox[]): OcrBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function belongsTo(group: OcrLine[], line: OcrLine): boolean {
  const last = group[group.length - 1];
  if (!last) return false;
  const h = Math.max(height(last.box), height(line.box));
  const ratio =
    Math.max(height(last.box), height(line.box)) / Math.max(1, Math.min(height(last.box), height(line.box)));
  const gap = line.box.y0 - last.box.y1;
  const overlap = Math.min(last.box.x1, line.box.x1) - Math.max(last.box.x0, line.box.x0);
  return gap >= -0.3 * h && gap <= MAX_GAP * h && ratio <= MAX_HEIGHT_RATIO && overlap > 0;
}

/** Left, centre or right: whichever edge the lines share best (their spread is smallest). */
function alignmentOf(lines: OcrLine[]): TextAlign {
  if (lines.length < 2) return 'left';
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const left = spread(lines.map((l) => l.box.x0));
  const right = spread(lines.map((l) => l.box.x1));
  const center = spread(lines.map((l) => (l.box.x0 + l.box.x1) / 2));
  const tolerance = 0.5 * median(lines.map((l) => height(l.box)));
  if (left <= tolerance && left <= right) return 'left';
  if (right <= tolerance && right < left) return 'right';
  if (center <= Math.min(left, right)) return 'center';
  return left <= right ? 'left' : 'right';
}

/** Groups lines (in tesseract's reading order) into segments with ids s1, s2, … */
export function groupSegments(lines: readonly OcrLine[]): TextSegment[] {
  const groups: OcrLine[][] = [];
  for (const line of lines) {
    const open = groups[groups.length - 1];
    if (open && belongsTo(open, line)) open.push(line);
    else groups.push([line]);
  }
  return groups.map((group, i) => ({
    id: `s${i + 1}`,
    lines: group,
    text: group.map((l) => l.text).join('\n'),
    box: union(group.map((l) => l.box)),
    lineHeight: median(group.map((l) => height(l.box))),
    align: alignmentOf(group),
    confidence: weightedConfidence(group.flatMap((l) => l.words)),
  }));
}
