import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditPageSchema, auditQuerySchema, auditFilterSchema, auditSettingsSchema } from '@chat/contracts';
import { inTransaction } from '../../db/transaction';
import { signedInRoutes } from '../auth/signed-in-routes';
import { actorOf, record } from './audit';
import { auditScope } from './audit-access';
import { auditCsv } from './audit-csv';
import { auditWhere, readEntries } from './audit.repository';
import { auditRetentionDays, saveAuditRetentionDays } from './audit-settings';

// Mounted under /api: the activity log. Read-only for everyone: entries are written by the acts
// themselves (audit.ts) and leave only through the retention period below.
export const auditRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    signedInRoutes({ roles: ['ADMIN', 'ROOT'] }, (routes) => {
      const { db } = routes.ctx;

      routes.get('/audit-log', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
        const { cursor, limit, ...filter } = request.query;
        const scope = await auditScope(db, request.user, filter);
        const rows = await readEntries(db, auditWhere(filter, scope, cursor === undefined ? undefined : Number(cursor)), limit + 1);
        const page = rows.slice(0, limit);
        return {
          entries: page.map(({ seq: _seq, ...entry }) => entry),
          nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
        };
      });

      // The same filters, every matching entry, as a CSV file streamed while it is read.
      routes.get('/audit-log/export', { schema: { querystring: auditFilterSchema } }, async (request, reply) => {
        const scope = await auditScope(db, request.user, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="registro-de-atividades.csv"')
          .send(Readable.from(auditCsv(db, request.query, scope)));
      });
    }),
  );

  await app.register(
    signedInRoutes({ roles: ['ROOT'] }, (root) => {
      const { db, now } = root.ctx;

      root.get('/audit-log/settings', { schema: { response: { 200: auditSettingsSchema } } }, async () => ({
        retentionDays: await auditRetentionDays(db),
      }));

      root.put(
        '/audit-log/settings',
        { schema: { body: auditSettingsSchema, response: { 200: auditSettingsSchema } } },
        async (request) => {
          const days = request.body.retentionDays;
          await inTransaction(db, async (tx) => {
            const before = await auditRetentionDays(tx);
            await saveAuditRetentionDays(tx, days, now());
            if (before !== days) {
              await record(tx, {
                action: 'audit.retention_changed',
                workspaceId: null,
                actor: actorOf(request),
                details: { from: before, to: days },
              });
            }
          });
          return { retentionDays: days };
        },
      );
    }),
  );
};
