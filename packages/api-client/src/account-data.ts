import type { DataExportState, DeleteAccountBody } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The person's own data (beyond the original spec): Configurações > Meus dados.

/** POST /user/me/export: asks for the zip of my data, built in the background (202). */
export const requestDataExport = () => request<DataExportState>(http(), { method: 'POST', url: '/user/me/export' });

/** GET /user/me/export/status: my latest export, or none. */
export const getDataExportStatus = () => request<DataExportState>(http(), { method: 'GET', url: '/user/me/export/status' });

/** GET /user/me/export: the ready zip, with my session's token. */
export const downloadDataExport = () => request<Blob>(http(), { method: 'GET', url: '/user/me/export', responseType: 'blob' });

/** DELETE /user/me: erases my account, confirmed with my password (or e-mail, for a company sign-in). */
export const deleteMyAccount = (body: DeleteAccountBody) => request<void>(http(), { method: 'DELETE', url: '/user/me', data: body });
