import type { ExportDeps, ExportKind } from '../exports/export-kind';
import { findUserById } from '../users/users.repository';
import { writeExportArchive } from './export-archive';
import { exportReadyMail } from './export-ready-mail';

/** 'Baixar meus dados' as a kind of export: the person's own archive, announced to them alone. */
export function personExport(deps: ExportDeps): ExportKind {
  const { db, chatEvents, mailer, appUrl, log } = deps;
  return {
    write: (job, file, signal) => writeExportArchive(deps, job.userId, file, signal),

    async announce(job, expiresAt) {
      chatEvents.toUsers([job.userId], 'data-export:ready', { expiresAt: expiresAt.toISOString() });
      const user = await findUserById(db, job.userId);
      if (!user?.active) return;
      const link = `${new URL(appUrl).origin}/auth/settings/meus-dados`;
      await mailer
        .send(exportReadyMail({ to: user.email, name: user.name, link, expiresAt }))
        .catch((error: unknown) => log.error({ err: error }, 'exportação de dados: e-mail não enviado'));
    },
  };
}
