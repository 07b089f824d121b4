// A workspace's stored files as the team page and ROOT's workspaces show them, without zod.

const MB = 1024 * 1024;

const decimal = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString()).replace('.', ',');

/** "0 MB", "3,4 MB", "812 MB", "1,5 GB": stored bytes, never finer than a tenth of a MB. */
export function formatStorage(bytes: number): string {
  const mb = bytes / MB;
  if (mb >= 1024) return `${decimal(mb / 1024)} GB`;
  return bytes === 0 ? '0 MB' : `${decimal(Math.max(mb, 0.1))} MB`;
}

export interface StorageUsage {
  /** "3,4 MB de 500 MB" with a quota, "3,4 MB" without. */
  text: string;
  /** 0-100 of the quota; null without one. */
  percent: number | null;
  /** Nothing more fits. */
  full: boolean;
}

export function storageUsage(usedBytes: number, quotaMb: number): StorageUsage {
  if (quotaMb === 0) return { text: formatStorage(usedBytes), percent: null, full: false };
  const quotaBytes = quotaMb * MB;
  return {
    text: `${formatStorage(usedBytes)} de ${formatStorage(quotaBytes)}`,
    percent: Math.min(100, Math.round((usedBytes / quotaBytes) * 100)),
    full: usedBytes >= quotaBytes,
  };
}
