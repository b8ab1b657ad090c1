// The images feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).
export { AnswerImages } from './answer-images.tsx';
export { AnswerTranslations } from './answer-translations.tsx';
