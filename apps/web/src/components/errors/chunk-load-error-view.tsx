import { messages } from '@partsforge/shared/messages';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { reloadPage } from './reload-page';

interface ChunkLoadErrorViewProps {
  /** The failed chunk's name, shown as "Loading chunk {chunk} failed". */
  chunk: string;
  onReload?: () => void;
}

/** Shown instead of a blank page when a lazily loaded page could not be downloaded in time. */
export function ChunkLoadErrorView({ chunk, onReload = reloadPage }: ChunkLoadErrorViewProps) {
  const title = messages.errors.chunkLoad(chunk);
  useDocumentTitle(title);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-3 text-base-content/80">{messages.errors.chunkLoadHint}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={onReload}>
        {messages.common.reload}
      </button>
    </div>
  );
}
