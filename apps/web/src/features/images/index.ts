// The images feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).
export { AnswerImages } from './answer-images.tsx';
export { BeforeAfter } from './before-after.tsx';
export { galleryImagePath } from './image-display.ts';
export { imageCard, imagesFunctionCard } from './image-function-card.tsx';
export { DemoTag, useImageErrorText } from './image-status.tsx';
export { useAnswerImages } from './use-answer-images.ts';
