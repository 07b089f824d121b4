import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';

// A person's own data (LGPD, art. 18): 'Baixar meus dados' and 'Excluir minha conta', in
// Configurações > Meus dados.

/**
 * The states of an export (a person's or a workspace's): asked, being built, ready to download
 * (24 hours), past those 24 hours (its file removed), failed.
 */
export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** GET /user/me/export/status, GET /workspace-export/status and the answers of their POSTs: the latest export, or none. */
export const dataExportStateSchema = z.object({
  export: z.nullable(
    z.object({
      id: z.string(),
      status: z.enum(DATA_EXPORT_STATUSES),
      requestedAt: z.string(),
      readyAt: z.nullable(z.string()),
      expiresAt: z.nullable(z.string()),
      sizeBytes: z.nullable(z.number()),
    }),
  ),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/**
 * DELETE /user/me. `password` confirms it for an account that signs in with one. An account that
 * only signs in through its company's provider types its e-mail instead (`email`), from a session
 * opened through the provider a few minutes before (the re-authentication): see docs/produto.md.
 */
export const deleteAccountBodySchema = z.object({
  password: z.optional(z.string().check(z.maxLength(LIMITS.passwordMax))),
  email: z.optional(z.string().check(z.trim(), z.maxLength(320))),
  deleteMessages: z.boolean('deleteMessages deve ser verdadeiro ou falso'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The socket's word that the export is ready (to the person's own sockets). */
export const dataExportReadySchema = z.object({ expiresAt: z.string() });
export type DataExportReady = z.infer<typeof dataExportReadySchema>;
