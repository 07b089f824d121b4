/** What the list of sessions shows about a sign-in, read from its User-Agent. */
export interface SessionDevice {
  /** The operating system and the kind of device, e.g. 'Android · Celular'. */
  device: string;
  /** The browser and its major version, e.g. 'Chrome 120'. */
  browser: string;
}

export const UNKNOWN_DEVICE: SessionDevice = { device: 'Dispositivo desconhecido', browser: 'Navegador desconhecido' };

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, iOS also says Mac OS X.
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Longer headers are cut first: the matching needs only the start, and headers are free text. */
const MAX_READ = 512;

/**
 * A simple reading of a User-Agent, enough for a person to recognise their own devices. Unknown
 * parts say so; a missing header gives UNKNOWN_DEVICE.
 */
export function describeUserAgent(userAgent: string | undefined): SessionDevice {
  if (!userAgent) return UNKNOWN_DEVICE;
  const ua = userAgent.slice(0, MAX_READ);
  const browser = BROWSERS.map(([pattern, name]) => [pattern.exec(ua), name] as const).find(([match]) => match);
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const kind =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? 'Tablet'
      : /Mobi|iPhone|iPod/.test(ua)
        ? 'Celular'
        : 'Computador';
  return {
    device: system ? `${system} · ${kind}` : UNKNOWN_DEVICE.device,
    browser: browser ? `${browser[1]} ${browser[0]![1]}` : UNKNOWN_DEVICE.browser,
  };
}
