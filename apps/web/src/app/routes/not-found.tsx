import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

/** Any path the shop does not know (spec: '404-PAGE NOT FOUND' and a button to go home). */
export function NotFoundRoute() {
  useDocumentTitle(messages.notFound.text);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{messages.notFound.text}</h1>
      <Link to={paths.home.href()} className="btn btn-primary mt-8">
        {messages.notFound.goHome}
      </Link>
    </div>
  );
}
