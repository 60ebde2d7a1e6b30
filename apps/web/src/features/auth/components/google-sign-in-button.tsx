import { messages } from '@partsforge/shared/messages';
import { useId, useState } from 'react';
import { useAuthProviders } from '../api/get-auth-providers';
import { startGoogleSignIn } from '../api/start-google-sign-in';

/** Google's "G" in its four colours. */
function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.5z"
      />
    </svg>
  );
}

/**
 * "Continue with Google" (docs/requirements.md §2), which leaves for Google and comes back signed in at
 * `callbackPath`. Without GOOGLE_CLIENT_ID on the server it is disabled and says so (docs/design.md item 9).
 */
export function GoogleSignInButton({ callbackPath }: { callbackPath: string }) {
  const providers = useAuthProviders();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const notConfigured = providers.data?.google === false;

  async function start() {
    setBusy(true);
    setFailure(null);
    try {
      await startGoogleSignIn(callbackPath);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : messages.errors.unexpected);
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={providers.data?.google !== true || busy}
        aria-describedby={notConfigured ? noteId : undefined}
        onClick={() => void start()}
      >
        <GoogleLogo />
        {messages.auth.google}
      </button>
      {notConfigured ? (
        <p id={noteId} className="text-center text-sm text-base-content/80">
          {messages.auth.googleNotConfigured}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
