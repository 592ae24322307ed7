/** The largest image the studio takes as an upload: checked in the browser first (a clear message), then by the dev server. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
