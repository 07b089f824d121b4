import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { MSG } from './fields';
import { visibleNameChecks } from './visible-text';

const polygonNameField = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(LIMITS.polygonNameMin, MSG.min(LIMITS.polygonNameMin)),
      z.maxLength(LIMITS.polygonNameMax, MSG.max(LIMITS.polygonNameMax)),
      ...visibleNameChecks('O nome da poligonal'),
    );

/** Create/edit polygon form; also the body of POST /neo-custom-data/create and PUT .../edit/{id}. */
export const polygonFormSchema = z.object({ name: polygonNameField() });
export type PolygonFormInput = z.infer<typeof polygonFormSchema>;

export const createPolygonBodySchema = polygonFormSchema;
export const editPolygonBodySchema = polygonFormSchema;

/** Query of GET /neo-custom-data?search= (empty lists all). */
export const polygonListQuerySchema = z.object({
  search: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100, MSG.max(100)))), ''),
});
export type PolygonListQuery = z.infer<typeof polygonListQuerySchema>;

/** One row of GET /neo-custom-data: the polygon and how many active members carry it. */
export const polygonListItemSchema = z.object({ id: z.string(), name: z.string(), membersCount: z.number() });
export type PolygonListItem = z.infer<typeof polygonListItemSchema>;
export const polygonListSchema = z.array(polygonListItemSchema);
