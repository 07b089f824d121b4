// Everything the drill starts (PostgreSQL, Redis, server processes, proxies, temp folders) is
// registered here and removed in reverse order at the end, on a failure and on Ctrl-C or SIGTERM,
// so that no private database or port outlives the drill.

type Step = () => Promise<void> | void;

const steps: Step[] = [];
let running: Promise<void> | null = null;

/** Registers `step`; returns a function that runs it now (once) and drops it from the list. */
export function onCleanup(step: Step): () => Promise<void> {
  steps.push(step);
  return async () => {
    const at = steps.indexOf(step);
    if (at === -1) return;
    steps.splice(at, 1);
    await step();
  };
}

/** Runs every registered step, newest first; a failing step is reported and the rest still run. */
export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop()!;
      try {
        await step();
      } catch (error) {
        console.error('  [limpeza] falhou:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return running;
}

/**
 * Ctrl-C and SIGTERM clean up before exiting. Later signals are ignored until the cleanup is done:
 * a Ctrl-C reaches the drill twice (from the terminal and relayed by tsx), and leaving at the
 * second would leave the private PostgreSQL running.
 */
export function cleanUpOnSignals(): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    console.error(`\n${signal}: removendo o PostgreSQL, o Redis e os servidores do exercício...`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
