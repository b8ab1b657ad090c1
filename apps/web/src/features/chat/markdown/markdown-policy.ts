/**
 * What answers may link to: absolute http(s) URLs only. Anything else (javascript:, data:, relative
 * paths, mailto:) is dropped, and the link's text stays as plain text.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
}

/** react-markdown's urlTransform: keep http(s) URLs, drop the rest (the attribute disappears). */
export function markdownUrlTransform(url: string): string | null {
  return safeHttpUrl(url);
}

/** The host an image link points to, shown so the person knows where a click goes. */
export function urlHost(value: string): string {
  try {
    return new URL(value).host;
  } catch {
    return '';
  }
}

/** rel for links in answers: no opener, no referrer, no endorsement. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';
