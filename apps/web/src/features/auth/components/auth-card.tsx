import type { ReactNode } from 'react';

/** The card that holds an account page's form and links (login, sign-up, forgot and reset password, verify email). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 rounded-box bg-base-200 p-6 shadow-sm">
      {children}
    </div>
  );
}
