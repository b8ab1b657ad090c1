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

/**
 * For the afterAll of the same files: a toast removed during a test (closed, or its action taken)
 * unmounts itself 200 ms later from a timer that unmounting the page does not cancel; after the
 * file's last test it would fire once the window is gone. Waiting it out here lets it land while
 * the window is still there (a state change of an unmounted toast, which React ignores).
 */
export function waitForToastTimers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 250));
}
