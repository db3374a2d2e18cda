/**
 * A heavy module (an image codec, the S3 client) loaded when a service first needs it rather than
 * when it starts: most services, and most processes of a service, never do, and every module kept
 * costs each process its memory.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
