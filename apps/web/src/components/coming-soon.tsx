import { messages } from '@partsforge/shared';
import { Link } from 'react-router';
import { ContentLayout } from './content-layout';

/** The honest state of a page that arrives in a later release: what it will do, and a way back. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <ContentLayout title={title}>
      <div className="rounded-box bg-base-200 p-6">
        <p className="badge badge-accent mb-3 font-semibold">{messages.comingSoon.badge}</p>
        <p className="max-w-prose text-lg">{text}</p>
        <Link to="/" className="btn btn-primary mt-6">
          {messages.notFound.goHome}
        </Link>
      </div>
    </ContentLayout>
  );
}
