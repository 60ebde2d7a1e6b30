import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadErrorView } from '@/components/errors/chunk-load-error-view';
import { UnexpectedErrorView } from '@/components/errors/unexpected-error-view';
import { isChunkLoadError } from '@/lib/chunk-load';

/** The router's error element: a page whose code failed to load, or any other error thrown while rendering. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadErrorView chunk={error.chunk} />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : undefined;
  return <UnexpectedErrorView detail={detail} />;
}
