/** The uploads module's public face (docs/design.md "Layout"). */
export { createImageCleanup, UPLOAD_ORPHAN_AGE_MS } from './image-cleanup.js';
export { createImageStore } from './image-store.js';
export { uploadedFileRoutes, uploadRoutes } from './upload-routes.js';
