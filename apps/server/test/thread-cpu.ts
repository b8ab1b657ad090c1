/**
 * CPU milliseconds the calling thread has used since `from` (`process.threadCpuUsage()`). Tests that
 * show work runs off the event loop compare this, not the loop's delay or utilization: on loaded
 * cores the loop also waits for a core, and a thread that waits uses no CPU.
 */
export function threadCpuMs(from: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(from);
  return (used.user + used.system) / 1000;
}
