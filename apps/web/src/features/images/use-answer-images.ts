import { type GenerateImageOutput, type ImageItem, toolIdFromPath } from '@polymath/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../lib/store/store.ts';
import { IMAGE_POLL_MS, imagesApi, isImagePending, useListAnswerImagesQuery } from './images-api.ts';
import { useCurrentUserId } from './use-image-actions.ts';

/**
 * The images an answer's function call asked for, read from the server (so a reload or coming back
 * later loses nothing) and asked about again every few seconds while any is still being made. Until
 * the list arrives, the call's own ids stand in as queued items of the right shape (their tool: the
 * page's, as the model menu reads it). A call that made nothing asks for nothing.
 */
export function useAnswerImages(answerId: string, output: GenerateImageOutput) {
  const dispatch = useAppDispatch();
  const toolId = toolIdFromPath(useLocation().pathname);
  const userId = useCurrentUserId();
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useListAnswerImagesQuery(userId && output.ok ? { userId, answerId } : skipToken, {
    pollingInterval,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const { data } = query;

  // Stop asking once every image has settled.
  const pending = data?.some(isImagePending) ?? false;
  useEffect(() => setPollingInterval(pending ? IMAGE_POLL_MS : 0), [pending]);

  // Settled images change what is left of today's allowance (failures are not counted).
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) dispatch(imagesApi.util.invalidateTags(['ImageUsage']));
    wasPending.current = pending;
  }, [pending, dispatch]);

  const images: ImageItem[] =
    data ??
    (output.ok
      ? output.images.map((image) => ({
          id: image.id,
          status: 'queued',
          prompt: output.prompt,
          style: output.style,
          aspectRatio: output.aspectRatio,
          modelId: '',
          modelName: output.modelName,
          demo: output.demo,
          toolId,
          threadId: null,
          answerId,
          parentId: null,
          width: null,
          height: null,
          mediaType: null,
          createdAt: '',
          urls: null,
          error: null,
        }))
      : []);
  return { ...query, images };
}
