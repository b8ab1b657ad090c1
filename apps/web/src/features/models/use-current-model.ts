import { type ChatToolId, DEFAULT_CHAT_TOOL_SETTINGS, modelNotInPlan, type PublicModel } from '@polymath/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store/store.ts';
import { resolveModel } from './model-selection.ts';
import { useGetModelsQuery } from './models-api.ts';

export type CurrentModel = {
  /** The catalogue; empty while it loads or when it failed. */
  models: PublicModel[];
  /** The model in use (see resolveModel); undefined until the catalogue is known. */
  model: PublicModel | undefined;
  /**
   * The model the tool asks for when the person's plan does not include it (web search's default,
   * gpt-4.1, is a Pro model): `model` answers instead, and the model menu says so.
   */
  notInPlan: PublicModel | undefined;
  /** What a request names: the resolved model, else the stored choice while the catalogue loads. */
  modelId: string;
  isPro: boolean;
  isLoading: boolean;
  isError: boolean;
};

/** The model a chat tool uses, from its stored setting and the server's catalogue. */
export function useCurrentModel(toolId: ChatToolId): CurrentModel {
  const setting = useAppSelector((s) => s.chat.toolSettings[toolId]);
  const isPro = useAppSelector((s) => s.user.currentUser?.accessLevel === 'pro');
  const { i18n } = useTranslation();
  const { data, isLoading, isError } = useGetModelsQuery(i18n.language === 'tr' ? 'tr' : 'en');
  const model = useMemo(
    () => (data ? resolveModel(data.models, setting?.modelName, data.defaultModelId, isPro) : undefined),
    [data, setting?.modelName, isPro],
  );
  const wanted = data ? modelNotInPlan(data.models, setting?.modelName, isPro ? 'pro' : 'free') : undefined;
  return {
    models: data?.models ?? [],
    model,
    notInPlan: wanted && model && wanted.id !== model.id ? wanted : undefined,
    modelId: model?.id ?? setting?.modelName ?? DEFAULT_CHAT_TOOL_SETTINGS[toolId].modelName,
    isPro,
    isLoading,
    isError,
  };
}
