import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';

/**
 * For the afterEach of a test file that renders sonner's Toaster. sonner keeps its toasts in module
 * state, so they are dismissed; the page is unmounted first, because a mounted toast that is
 * dismissed removes itself 200 ms later, and after a file's last test that timer can fire once the
 * test window is gone (an uncaught "window is not defined", which fails the run).
 */
export function forgetToasts(): void {
  cleanup();
  toast.dismiss();
}
