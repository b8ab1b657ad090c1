/** The images feature's public face: what other features and the tools may use (the rest is its own). */
export {
  allowanceProblem,
  closestRatio,
  editModelFor,
  generateImageFunction,
  imageModelFor,
  nothingMade,
  supportedRatio,
} from './image-functions.ts';
export type { ImageModelRegistry } from './image-models.ts';
export type { ExtraFiles, ImageRow, PhotoTranslationDesign } from './images.service.ts';
export {
  deleteUserImages,
  extraFilesOf,
  fileExtension,
  getOwnedImage,
  imageFolder,
  markImageFailed,
  markImageGenerating,
  markImageReady,
  photoTranslationDesign,
  refundIfNothingMade,
  requestImages,
} from './images.service.ts';
