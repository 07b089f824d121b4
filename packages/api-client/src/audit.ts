import type { AuditFilter, AuditPage, AuditSettings, RetentionPolicy } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The activity log (ADMIN: their workspace; ROOT: every workspace), its period (ROOT) and a
// workspace's message retention (ADMIN).

/** The filter without its empty fields, so the server applies no condition for them. */
const filterQuery = (filter: AuditFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));

/** GET /audit-log: one page, newest first; `cursor` is the previous page's nextCursor. */
export const listAuditLog = (filter: AuditFilter, cursor: string | null) =>
  request<AuditPage>(http(), { method: 'GET', url: '/audit-log', params: { ...filterQuery(filter), ...(cursor ? { cursor } : {}) } });

/** GET /audit-log/export: every filtered entry as a CSV file. */
export const downloadAuditCsv = (filter: AuditFilter) =>
  request<Blob>(http(), { method: 'GET', url: '/audit-log/export', params: filterQuery(filter), responseType: 'blob' });

export const getAuditSettings = () => request<AuditSettings>(http(), { method: 'GET', url: '/audit-log/settings' });

export const saveAuditSettings = (body: AuditSettings) =>
  request<AuditSettings>(http(), { method: 'PUT', url: '/audit-log/settings', data: body });

export const getRetentionPolicy = () => request<RetentionPolicy>(http(), { method: 'GET', url: '/retention-policy' });

export const saveRetentionPolicy = (body: RetentionPolicy) =>
  request<RetentionPolicy>(http(), { method: 'PUT', url: '/retention-policy', data: body });
