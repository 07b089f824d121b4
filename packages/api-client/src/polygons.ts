import type { MessageResponse, Polygon, PolygonFormInput, PolygonListItem } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// Polygon ("poligonais") calls.
const seg = encodeURIComponent;

export const createPolygon = (body: PolygonFormInput) =>
  request<Polygon>(http(), { method: 'POST', url: '/neo-custom-data/create', data: body });

export const listPolygons = (search: string) =>
  request<PolygonListItem[]>(http(), { method: 'GET', url: '/neo-custom-data', params: { search } });

export const editPolygon = (id: string, body: PolygonFormInput) =>
  request<Polygon>(http(), { method: 'PUT', url: `/neo-custom-data/edit/${seg(id)}`, data: body });

export const deletePolygon = (id: string) => request<MessageResponse>(http(), { method: 'DELETE', url: `/neo-custom-data/${seg(id)}` });
