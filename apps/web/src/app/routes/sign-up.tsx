import { AuthScreen } from './auth-screen.tsx';

export function Component() {
  return <AuthScreen step="signUp" />;
}
