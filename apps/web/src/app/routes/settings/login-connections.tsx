import { LoginConnections } from '../../../features/account/login-connections.tsx';
import { WhatsAppSettings } from '../../../features/whatsapp/whatsapp-settings.tsx';

/** Login connections, and the WhatsApp number: the other way into the same account. */
export function Component() {
  return (
    <div className="flex flex-col gap-5">
      <LoginConnections />
      <WhatsAppSettings />
    </div>
  );
}
