import { useSearchParams } from 'react-router';
import { SandboxPhonePage } from '../../features/whatsapp/sandbox-phone.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** /whatsapp/sandbox?phone=… : the WhatsApp sandbox's phone (test mode only). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <PublicLayout wide>
      <SandboxPhonePage initialPhone={params.get('phone') ?? undefined} />
    </PublicLayout>
  );
}
