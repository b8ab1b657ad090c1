import { LoginConnections } from '../../../features/settings/login-connections.tsx';

export function Component() {
  return <LoginConnections />;
}
