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
export type { ImageKind, ImageKindRegistry } from './image-kinds.ts';
export { createImageKindRegistry } from './image-kinds.ts';
export type { ImageModelRegistry } from './image-models.ts';
export type { ExtraFiles, ImageRow, ReadyImage } from './images.service.ts';
export {
  deleteUserImages,
  extraFilesOf,
  fileExtension,
  getImage,
  getOwnedImage,
  imageFolder,
  markImageFailed,
  markImageGenerating,
  markImageReady,
  newImageId,
  refundIfNothingMade,
  requestImages,
  saveImageDesign,
  storeReadyImage,
} from './images.service.ts';
