import {
  createPolygonBodySchema,
  editPolygonBodySchema,
  idParamsSchema,
  messageResponseSchema,
  polygonListQuerySchema,
  polygonListSchema,
  polygonSchemaEntity,
} from '@chat/contracts';
import { requireFlag } from '../auth/feature-flags';
import { signedInRoutes } from '../auth/signed-in-routes';
import { POLYGON_DELETED, POLYGONAL_OFF, PolygonsService } from './polygons.service';

// Mounted under /api: the polygon calls, ADMIN of the workspace, with flag polygonal.
export const polygonRoutes = signedInRoutes({ roles: ['ADMIN'] }, (routes) => {
  const service = new PolygonsService(routes.ctx);
  const preHandler = requireFlag('polygonal', POLYGONAL_OFF);

  routes.post(
    '/neo-custom-data/create',
    { preHandler, schema: { body: createPolygonBodySchema, response: { 201: polygonSchemaEntity } } },
    async (request, reply) => reply.status(201).send(await service.create(request.user, request.body.name)),
  );

  routes.get(
    '/neo-custom-data',
    { preHandler, schema: { querystring: polygonListQuerySchema, response: { 200: polygonListSchema } } },
    (request) => service.list(request.user, request.query.search),
  );

  routes.put(
    '/neo-custom-data/edit/:id',
    { preHandler, schema: { params: idParamsSchema, body: editPolygonBodySchema, response: { 200: polygonSchemaEntity } } },
    (request) => service.rename(request.user, request.params.id, request.body.name),
  );

  routes.delete(
    '/neo-custom-data/:id',
    { preHandler, schema: { params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.remove(request.user, request.params.id);
      return { message: POLYGON_DELETED };
    },
  );
});
