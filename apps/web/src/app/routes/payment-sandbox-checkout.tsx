import { useParams } from 'react-router';
import { SandboxCheckout } from '../../features/billing/sandbox-checkout.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** /payment/sandbox/checkout/:sessionId: the test-mode checkout (payment mode 'sandbox' only). */
export function Component() {
  const { sessionId = '' } = useParams();
  return (
    <PublicLayout wide>
      <SandboxCheckout key={sessionId} sessionId={sessionId} />
    </PublicLayout>
  );
}
