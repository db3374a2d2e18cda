// The gateway reads some of its compiled files at run time (the browser scripts, the API docs page's
// script). This module sits at the root of dist, as does the per-service bundle (dist/main.bundle.js)
// that holds it, so a path taken from here holds in both; import.meta.url of the module asking would not.
const root = new URL('./', import.meta.url);

/** A file under the gateway's dist folder (or beyond it, with ../). */
export function distFile(path: string): URL {
  return new URL(path, root);
}
