import { useId, type ReactNode } from 'react';

interface DashboardSectionProps {
  title: string;
  /** A line under the heading: what the figures count. */
  note?: string;
  children: ReactNode;
}

/** One figure of the admin's dashboard: a region named by its h2 heading. */
export function DashboardSection({ title, note, children }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-box border border-base-300 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {note ? <p className="mt-1 text-sm text-base-content/80">{note}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
