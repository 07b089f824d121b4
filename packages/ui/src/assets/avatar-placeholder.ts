// A neutral person silhouette, inlined so it works unchanged in Vitest, Rsbuild and every remote.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e2e5ea"/><circle cx="32" cy="25" r="11" fill="#9aa2ae"/><path d="M12 58c0-11.05 8.95-19 20-19s20 7.95 20 19v6H12z" fill="#9aa2ae"/></svg>`;

export const AVATAR_PLACEHOLDER_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
