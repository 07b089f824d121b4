import type { ExportDeps, ExportKind } from '../exports/export-kind';
import { findUserById } from '../users/users.repository';
import { writeWorkspaceArchive } from './workspace-export-archive';
import { workspaceExportMail } from './workspace-export-mail';

/** The ADMIN's export of a workspace as a kind of export, announced to the ADMIN who asked. */
export function workspaceExport(deps: ExportDeps): ExportKind {
  const { db, chatEvents, mailer, appUrl, log } = deps;
  return {
    write: (job, file, signal) => writeWorkspaceArchive(deps, job.workspaceId!, file, signal),

    async announce(job, expiresAt) {
      chatEvents.toUsers([job.userId], 'workspace-export:ready', { expiresAt: expiresAt.toISOString() });
      const user = await findUserById(db, job.userId);
      // Only to an ADMIN of the workspace still: one removed or demoted since could not download it.
      if (!user?.active || user.role !== 'ADMIN' || user.workspaceId !== job.workspaceId) return;
      const link = `${new URL(appUrl).origin}/auth/team`;
      await mailer
        .send(workspaceExportMail({ to: user.email, name: user.name, workspace: user.workspace?.name ?? '', link, expiresAt }))
        .catch((error: unknown) => log.error({ err: error }, 'exportação do workspace: e-mail não enviado'));
    },
  };
}
