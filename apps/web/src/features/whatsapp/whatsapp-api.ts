import type {
  SandboxPhone,
  WhatsAppCodeRequest,
  WhatsAppLink,
  WhatsAppPending,
  WhatsAppStatus,
} from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/** /api/whatsapp: the linked number and linking it; the sandbox phone in test mode. */
export const whatsappApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/whatsapp/link: the link, a code on its way, where "Open WhatsApp" goes. */
    getWhatsAppStatus: build.query<WhatsAppStatus, void>({
      query: () => '/whatsapp/link',
      providesTags: ['WhatsApp'],
    }),
    sendWhatsAppCode: build.mutation<WhatsAppPending, WhatsAppCodeRequest>({
      query: (body) => ({ url: '/whatsapp/link/code', method: 'POST', body }),
      invalidatesTags: ['WhatsApp', 'SandboxPhone'],
    }),
    verifyWhatsAppCode: build.mutation<WhatsAppLink, { code: string }>({
      query: (body) => ({ url: '/whatsapp/link/verify', method: 'POST', body }),
      invalidatesTags: ['WhatsApp', 'SandboxPhone'],
    }),
    updateWhatsAppModel: build.mutation<WhatsAppLink, { modelId: string }>({
      query: (body) => ({ url: '/whatsapp/link', method: 'PATCH', body }),
      invalidatesTags: ['WhatsApp'],
    }),
    unlinkWhatsApp: build.mutation<void, void>({
      query: () => ({ url: '/whatsapp/link', method: 'DELETE' }),
      invalidatesTags: ['WhatsApp', 'SandboxPhone'],
    }),
    /** GET /api/whatsapp/sandbox/phone (test mode): what the sandbox phone of a number shows. */
    getSandboxPhone: build.query<SandboxPhone, string | undefined>({
      query: (phone) =>
        phone ? `/whatsapp/sandbox/phone?phone=${encodeURIComponent(phone)}` : '/whatsapp/sandbox/phone',
      providesTags: ['SandboxPhone'],
    }),
    sendSandboxMessage: build.mutation<void, { phone: string; text: string }>({
      query: (body) => ({ url: '/whatsapp/sandbox/phone/messages', method: 'POST', body }),
      invalidatesTags: ['SandboxPhone', 'Threads', 'Credits'],
    }),
  }),
});

export const {
  useGetWhatsAppStatusQuery,
  useSendWhatsAppCodeMutation,
  useVerifyWhatsAppCodeMutation,
  useUpdateWhatsAppModelMutation,
  useUnlinkWhatsAppMutation,
  useGetSandboxPhoneQuery,
  useSendSandboxMessageMutation,
} = whatsappApi;
