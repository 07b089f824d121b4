/**
 * Ends the current task: the browser may paint and handle input before the caller goes on in a
 * new one (the first script, react-dom and the app's modules each ran for tens of
 * milliseconds on a phone's CPU, and chained in one task they blocked input for hundreds).
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
