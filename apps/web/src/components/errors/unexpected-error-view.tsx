import { messages } from '@partsforge/shared/messages';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { reloadPage } from './reload-page';

interface UnexpectedErrorViewProps {
  /** A short reason, e.g. the error's message. */
  detail?: string | undefined;
  onReload?: () => void;
}

/**
 * The last resort of the router's error element. It uses a plain link home (not the router's Link) so it
 * also works when the router itself failed.
 */
export function UnexpectedErrorView({ detail, onReload = reloadPage }: UnexpectedErrorViewProps) {
  useDocumentTitle(messages.errors.unexpected);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{messages.errors.unexpected}</h1>
      <p className="mt-3 text-base-content/80">{messages.errors.unexpectedHint}</p>
      {detail ? <p className="mt-2 text-sm text-base-content/80">{detail}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={onReload}>
          {messages.common.reload}
        </button>
        <a href="/" className="btn btn-outline">
          {messages.notFound.goHome}
        </a>
      </div>
    </div>
  );
}
