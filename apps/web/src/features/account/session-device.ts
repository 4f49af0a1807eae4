/** How a session's device is shown: "Chrome on Android" from its user agent, or null. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /\bEdg\//.test(userAgent)
    ? 'Edge'
    : /\bFirefox\//.test(userAgent)
      ? 'Firefox'
      : /\b(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)
        ? 'Chrome'
        : /\bSafari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /iPhone/.test(userAgent)
        ? 'iPhone'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X/.test(userAgent)
            ? 'macOS'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** A session time as the device's locale writes a date and time. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
