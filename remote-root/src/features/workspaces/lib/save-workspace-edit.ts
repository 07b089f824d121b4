import { changeWorkspaceAdmin, updateWorkspace } from '@chat/api-client';
import { ERROR_TEXTS, type WorkspaceEditFormValues, type WorkspaceSummary } from '@chat/contracts';
import { notify } from '@chat/ui';

export type EditOutcome = 'saved' | 'admin-failed' | 'update-failed';

/**
 * docs/produto.md, Telas, "Workspace edit": when the admin e-mail changed, change-admin goes first
 * and a failure there skips the update; then the remaining fields are updated.
 */
export async function saveWorkspaceEdit(workspace: WorkspaceSummary, values: WorkspaceEditFormValues): Promise<EditOutcome> {
  const title = ERROR_TEXTS.workspace.updateTitle;
  if (values.adminEmail !== workspace.admin?.email.toLowerCase()) {
    try {
      await changeWorkspaceAdmin(workspace.id, { newAdminEmail: values.adminEmail });
    } catch (error) {
      notify.error(error, ERROR_TEXTS.workspace.changeAdmin, title);
      return 'admin-failed';
    }
  }
  try {
    await updateWorkspace(workspace.id, {
      name: values.name,
      description: values.description ?? '',
      limitOfMembers: values.limitOfMembers,
      storageQuotaMb: values.storageQuotaMb,
      features: values.features ?? [],
    });
  } catch (error) {
    notify.error(error, ERROR_TEXTS.workspace.unknown, title);
    return 'update-failed';
  }
  return 'saved';
}
