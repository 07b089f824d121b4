import { z } from 'zod';
import { LIMITS } from '../constants';
import { MSG } from './fields';

const polygonNameField = () =>
  z
    .string()
    .trim()
    .min(LIMITS.polygonNameMin, MSG.min(LIMITS.polygonNameMin))
    .max(LIMITS.polygonNameMax, MSG.max(LIMITS.polygonNameMax));

/** Create/edit polygon form; also the body of POST /neo-custom-data/create and PUT .../edit/{id}. */
export const polygonFormSchema = z.object({ name: polygonNameField() });
export type PolygonFormInput = z.infer<typeof polygonFormSchema>;

export const createPolygonBodySchema = polygonFormSchema;
export const editPolygonBodySchema = polygonFormSchema;

/** Query of GET /neo-custom-data?search= (empty lists all). */
export const polygonListQuerySchema = z.object({
  search: z.string().trim().max(100, MSG.max(100)).optional().default(''),
});
export type PolygonListQuery = z.infer<typeof polygonListQuerySchema>;
