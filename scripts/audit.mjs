#!/usr/bin/env node
// Dependency audit of what ships (`pnpm audit --prod`), run by `npm test`: fails on a high or
// critical advisory. An advisory that does not apply goes into package.json's
// pnpm.auditConfig.ignoreGhsas (pnpm then skips it), with the reason in docs/operacao.md (Dependências). When the registry's
// audit endpoint cannot be reached (a machine without outside network, a proxy that refuses it),
// the step says so plainly and does not fail the run: "not checked" is not "no advisory".
import { spawnSync } from 'node:child_process';
import { pnpmArgs, ROOT } from './lib.mjs';

const result = spawnSync('npx', pnpmArgs('audit', '--prod', '--json'), { cwd: ROOT, encoding: 'utf8' });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = { error: { code: 'SEM_RESPOSTA', message: (result.stderr || result.stdout || '').trim().split('\n').at(-1) } };
}

if (report.error) {
  console.log(
    `⚠ Auditoria de dependências NÃO verificada: o endpoint de auditoria do registro não respondeu ` +
      `(${report.error.code}: ${report.error.message}). Rode \`node scripts/pnpm.mjs audit --prod\` numa máquina com acesso ao registro.`,
  );
  process.exit(0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = Object.values(report.advisories ?? {}).filter((a) => a.severity === 'high' || a.severity === 'critical');
console.log(`Auditoria (--prod): ${['critical', 'high', 'moderate', 'low'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ')}`);
for (const advisory of serious) {
  const paths = [...new Set(advisory.findings.flatMap((f) => f.paths))].slice(0, 3).join('; ');
  console.log(
    `  ✖ [${advisory.severity}] ${advisory.module_name} ${advisory.vulnerable_versions}: ${advisory.title}\n    ${advisory.url}\n    via ${paths}`,
  );
}
process.exit(serious.length > 0 ? 1 : 0);
