import type { DataExportState } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The ADMIN's export of their workspace (beyond the original spec): the team page.

/** POST /workspace-export: asks for the zip of the workspace, built in the background (202). */
export const requestWorkspaceExport = () => request<DataExportState>(http(), { method: 'POST', url: '/workspace-export' });

/** GET /workspace-export/status: the workspace's latest export, or none. */
export const getWorkspaceExportStatus = () => request<DataExportState>(http(), { method: 'GET', url: '/workspace-export/status' });

/** GET /workspace-export: the ready zip, with an ADMIN's session. */
export const downloadWorkspaceExport = () => request<Blob>(http(), { method: 'GET', url: '/workspace-export', responseType: 'blob' });
