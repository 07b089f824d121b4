import * as z from 'zod/mini';
import '../zod-locale';

// ROOT deletes a workspace and everything in it: confirmed by typing its name, carried out in
// the background (the answer is the job, followed until done).

/** Asked, being carried out, done, given up after repeated failures (asking again resumes it). */
export const WORKSPACE_DELETION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type WorkspaceDeletionStatus = (typeof WORKSPACE_DELETION_STATUSES)[number];

/** DELETE /workspace/{id}: the workspace's name exactly as it is, typed by the person. */
export const deleteWorkspaceBodySchema = z.object({
  confirmName: z.string('Digite o nome do workspace para confirmar').check(z.maxLength(200)),
});
export type DeleteWorkspaceBody = z.infer<typeof deleteWorkspaceBodySchema>;

/** The job: what is deleted so far of what there was (messages, files, groups, members, log entries). */
export const workspaceDeletionSchema = z.object({
  id: z.string(),
  /** Null once the workspace is gone. */
  workspaceId: z.nullable(z.string()),
  status: z.enum(WORKSPACE_DELETION_STATUSES),
  done: z.number(),
  total: z.number(),
});
export type WorkspaceDeletion = z.infer<typeof workspaceDeletionSchema>;

export const WORKSPACE_DELETION_ERRORS = {
  nameMismatch: 'O nome digitado não é o nome deste workspace',
  rootWorkspace: 'O workspace do ROOT não pode ser excluído',
  notFound: 'Exclusão não encontrada',
} as const;
