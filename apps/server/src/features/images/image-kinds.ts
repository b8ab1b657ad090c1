import type { ImageItem } from '@polymath/shared';
import type { images } from '../../db/schema/index.ts';

type ImageRow = typeof images.$inferSelect;

/**
 * A kind of image the app makes itself rather than an image model: a tool contributes it
 * (`ToolDefinition.imageKinds`) and the tool registry hands every kind to this feature at boot, so
 * the images feature requests, queues, stores, lists and shows them without knowing any tool. Its
 * rows carry the kind's id where an image model's id would be (`images.model_id`).
 */
export type ImageKind = {
  /** The id its rows carry in `images.model_id`; never an image model's id. */
  id: string;
  /** The name the image shows for the model that made it. */
  modelName(row: ImageRow): string;
  /** Drawn by the offline demo (the image shows the DEMO mark). */
  demo?(row: ImageRow): boolean;
  /** What the kind adds to the image as the browser sees it (its own fields of `ImageItem`). */
  item?(row: ImageRow): Partial<ImageItem>;
  /** What the kind adds to the image's entry in the data export's images.json. */
  exported?(row: ImageRow): Record<string, unknown>;
};

/** Every image kind by id, built once at boot from what the tools contribute. */
export type ImageKindRegistry = {
  get(modelId: string): ImageKind | undefined;
  /**
   * Every kind's id. The app makes these images itself: they cost no image model and are not
   * counted in Pro's daily fair use of images.
   */
  readonly ids: readonly string[];
};

export function createImageKindRegistry(kinds: readonly ImageKind[]): ImageKindRegistry {
  const byId = new Map<string, ImageKind>();
  for (const kind of kinds) {
    if (byId.has(kind.id)) throw new Error(`image kind ${kind.id} is contributed twice`);
    byId.set(kind.id, kind);
  }
  return { get: (modelId) => byId.get(modelId), ids: [...byId.keys()] };
}
