import * as z from 'zod/mini';
import '../zod-locale';
import { uuidField } from './fields';

// Route parameters of the API (`/group/update/{id}`, `/group/add-admin/{groupId}`, ...).
export const idParamsSchema = z.object({ id: uuidField() });
export const groupIdParamsSchema = z.object({ groupId: uuidField() });
export const targetUserIdParamsSchema = z.object({ targetUserId: uuidField() });
export const userTwoIdParamsSchema = z.object({ userTwoId: uuidField() });
export type IdParams = z.infer<typeof idParamsSchema>;
export type GroupIdParams = z.infer<typeof groupIdParamsSchema>;
export type TargetUserIdParams = z.infer<typeof targetUserIdParamsSchema>;
export type UserTwoIdParams = z.infer<typeof userTwoIdParamsSchema>;
