import type { ReactNode } from 'react';

interface ErrorMessageProps {
  title: string;
  /** The reason, e.g. the API's message. */
  detail?: string | undefined;
  children?: ReactNode;
}

/** A failure the visitor should notice: announced at once (role="alert"). */
export function ErrorMessage({ title, detail, children }: ErrorMessageProps) {
  return (
    <div role="alert" className="rounded-box border border-error/40 bg-error/5 p-4 text-base-content">
      <p className="font-semibold text-error">{title}</p>
      {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
      {children}
    </div>
  );
}
