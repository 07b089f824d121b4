import type { Env } from '../../config/env';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';
import { SESSION_GATE_CSP_SOURCE } from './session-gate';
import { THEME_CSP_SOURCE } from './theme-script';

/** CSP directives as helmet takes them: name -> sources. */
export type CspDirectives = Record<string, string[]>;

/** Origins of the remotes /config.json points elsewhere (absolute REMOTE_<NAME>_URL); paths are 'self'. */
export function remoteOrigins(env: Pick<Env, 'remoteUrls'>): string[] {
  const origins = Object.values(env.remoteUrls)
    .filter((url): url is string => !!url && !url.startsWith('/'))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/**
 * The page's policy, built from the deployment's own configuration: nothing runs or loads unless
 * it comes from this server or from a remote /config.json names.
 * - script-src: the shell's bundle and each remote's remoteEntry and chunks, and the inline
 *   scripts allowed by their hashes (the theme of every page, the session gate of the pages with
 *   static markup, the chat list's first calls); no eval.
 * - style-src needs 'unsafe-inline': Radix's scroll lock (react-remove-scroll) and emoji-mart's
 *   picker (inside its shadow root) insert <style> elements at run time, and emoji-mart takes no
 *   nonce. Styles cannot run script; script-src stays strict.
 * - img-src: own files and media (APP_URL's origin, where /media URLs point), blob: for the
 *   preview of an image before it is uploaded, data: for the avatar placeholder SVG.
 * - media-src: voice notes, audio and video files (APP_URL's origin), blob: for a voice note or
 *   a video still uploading, data: for the notification chime (a generated WAV).
 * - connect-src: API and uploads (same origin), the socket (ws/wss on APP_URL's host), each
 *   remote's mf-manifest.json fetched from its origin.
 * - `mediaOrigins`: with media in an S3-compatible bucket, the bucket's origin (the browser PUTs
 *   there: connect-src) and the one files are read from (S3_PUBLIC_URL or the bucket: img-src,
 *   media-src), as the media store derives them from S3_*.
 */
export function contentSecurityPolicy(env: Pick<Env, 'appUrl' | 'remoteUrls'>, mediaOrigins: readonly string[] = []): CspDirectives {
  const app = new URL(env.appUrl);
  const socket = `${app.protocol === 'https:' ? 'wss' : 'ws'}://${app.host}`;
  const remotes = remoteOrigins(env);
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      THEME_CSP_SOURCE,
      SESSION_GATE_CSP_SOURCE,
      ...Object.values(FIRST_CALLS_SCRIPTS).map((script) => script.cspSource),
      ...remotes,
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", app.origin, ...mediaOrigins, 'blob:', 'data:'],
    'media-src': ["'self'", app.origin, ...mediaOrigins, 'blob:', 'data:'],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", app.origin, socket, ...mediaOrigins, ...remotes],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    ...(app.protocol === 'https:' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}
