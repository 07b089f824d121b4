import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { Profiler } from 'node:inspector';
import type { ProfileTop } from './protocol';

// `--profile`: a CPU profile of a server child covering only the measured phase, not
// its start, the seeding or the connection wave (which --cpu-prof on the whole process buried the
// send path under). Started and stopped by the harness over IPC (stats-reporter.ts).

let session: Session | null = null;

export async function startProfile(): Promise<void> {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 1 ms between samples instead of the default 0.1 ms: the sampling itself stays out of the figures.
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
}

/** Stops the profile, writes it as a .cpuprofile under `dir` and returns its top self-time functions. */
export async function stopProfile(dir: string, top: number): Promise<ProfileTop> {
  if (!session) throw new Error('perfil não iniciado');
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  session = null;
  const file = path.join(dir, `produto-${process.pid}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return { file, totalMs: (profile.endTime - profile.startTime) / 1000, functions: selfTimes(profile).slice(0, top) };
}

/** Self time per function (name, file and line), summed over every node of the call tree that is that function. */
function selfTimes(profile: Profiler.Profile): ProfileTop['functions'] {
  const byNode = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next sample.
  for (let i = 0; i < samples.length; i++) byNode.set(samples[i]!, (byNode.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0));
  const total = [...byNode.values()].reduce((a, b) => a + b, 0) || 1;
  const byFunction = new Map<string, { name: string; where: string; selfMs: number }>();
  for (const node of profile.nodes) {
    const micros = byNode.get(node.id);
    if (!micros) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '')}:${lineNumber + 1}` : '';
    const key = `${functionName}\n${where}`;
    const entry = byFunction.get(key) ?? { name: functionName || '(anônima)', where, selfMs: 0 };
    entry.selfMs += micros / 1000;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()].sort((a, b) => b.selfMs - a.selfMs).map((f) => ({ ...f, percent: (f.selfMs * 1000 * 100) / total }));
}
