import type {
  CreateIncomingWebhookBody,
  CreateOutgoingWebhookBody,
  IncomingWebhook,
  IncomingWebhookCreated,
  MessageResponse,
  OutgoingWebhook,
  OutgoingWebhookCreated,
  UpdateIncomingWebhookBody,
  WebhookDelivery,
} from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// A group's integrations (group admins): incoming and outgoing webhooks.
const seg = encodeURIComponent;
const base = (groupId: string) => `/group/${seg(groupId)}`;

export const listIncomingWebhooks = async (groupId: string) =>
  (await request<{ webhooks: IncomingWebhook[] }>(http(), { method: 'GET', url: `${base(groupId)}/webhooks` })).data.webhooks;

export const createIncomingWebhook = (groupId: string, body: CreateIncomingWebhookBody) =>
  request<IncomingWebhookCreated>(http(), { method: 'POST', url: `${base(groupId)}/webhooks`, data: body });

export const regenerateIncomingWebhook = (groupId: string, webhookId: string) =>
  request<IncomingWebhookCreated>(http(), { method: 'POST', url: `${base(groupId)}/webhooks/${seg(webhookId)}/regenerate` });

export const updateIncomingWebhook = (groupId: string, webhookId: string, body: UpdateIncomingWebhookBody) =>
  request<MessageResponse>(http(), { method: 'PATCH', url: `${base(groupId)}/webhooks/${seg(webhookId)}`, data: body });

export const deleteIncomingWebhook = (groupId: string, webhookId: string) =>
  request<MessageResponse>(http(), { method: 'DELETE', url: `${base(groupId)}/webhooks/${seg(webhookId)}` });

export const listOutgoingWebhooks = async (groupId: string) =>
  (await request<{ webhooks: OutgoingWebhook[] }>(http(), { method: 'GET', url: `${base(groupId)}/outgoing-webhooks` })).data.webhooks;

export const createOutgoingWebhook = (groupId: string, body: CreateOutgoingWebhookBody) =>
  request<OutgoingWebhookCreated>(http(), { method: 'POST', url: `${base(groupId)}/outgoing-webhooks`, data: body });

export const deleteOutgoingWebhook = (groupId: string, webhookId: string) =>
  request<MessageResponse>(http(), { method: 'DELETE', url: `${base(groupId)}/outgoing-webhooks/${seg(webhookId)}` });

export const listWebhookDeliveries = async (groupId: string, webhookId: string) =>
  (
    await request<{ deliveries: WebhookDelivery[] }>(http(), {
      method: 'GET',
      url: `${base(groupId)}/outgoing-webhooks/${seg(webhookId)}/deliveries`,
    })
  ).data.deliveries;
