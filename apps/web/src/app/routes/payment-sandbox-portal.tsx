import { SandboxPortal } from '../../features/billing/sandbox-portal.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** /payment/sandbox/portal: the test-mode subscription portal (payment mode 'sandbox' only). */
export function Component() {
  return (
    <PublicLayout wide>
      <SandboxPortal />
    </PublicLayout>
  );
}
