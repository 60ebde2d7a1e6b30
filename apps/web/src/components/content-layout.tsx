import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface ContentLayoutProps {
  /** The page's one h1; also the tab title. */
  title: string;
  /** A short line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** The frame of a content page: a width-limited column with the page heading. */
export function ContentLayout({ title, lead, children }: ContentLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8 border-b border-base-300 pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 max-w-prose text-lg text-base-content/80">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
