import type { BenchMember } from '../load/protocol';

// Messages between the cluster drill and its image client (image-client.ts) over Node's IPC channel.

export interface ImageCrossing {
  /** The object's URL, as the message carries it. */
  url: string;
  /** Host of the signed PUT URL: the bucket's, not the balancer's. */
  signedHost: string;
  messageId: string;
  bytes: number;
  /** generate-public-media-url and the PUT to the bucket. */
  uploadMs: number;
  /** POST /message/send (the server's check of the object included) until its answer. */
  sendMs: number;
  /** POST /message/send started -> the message event on the other member's socket. */
  deliverMs: number;
  downloadMs: number;
  downloadStatus: number;
  /** The downloaded bytes are the uploaded ones, and the message's URL the upload URL without its query. */
  equal: boolean;
}

export interface ImageReadBack {
  inHistory: boolean;
  equal: boolean;
  downloadStatus: number;
}

export type ToImageClient =
  | { type: 'listen'; url: string; member: BenchMember }
  | { type: 'send'; url: string; sender: BenchMember }
  | { type: 'read'; url: string; reader: BenchMember; messageId: string }
  | { type: 'close' };

export type FromImageClient =
  | { type: 'listening' }
  | { type: 'crossed'; crossing: ImageCrossing }
  | { type: 'read'; readBack: ImageReadBack }
  | { type: 'error'; message: string };
