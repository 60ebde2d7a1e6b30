import { messages } from '@partsforge/shared/messages';
import { useNavigate } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { useProfile, useUpdateProfile } from '@/features/profiles/api/profile';
import { ProfileForm } from '@/features/profiles/components/profile-form';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/** /updateprofile (signed in, docs/design.md item 6): edits the caller's profile, then shows it in My Profile. */
export function UpdateProfileRoute() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const profile = useProfile(email);
  const update = useUpdateProfile(email);
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <ContentLayout title={messages.pages.updateProfile}>
      {profile.isPending ? (
        <PageSpinner label={messages.common.loading} />
      ) : profile.isError ? (
        <ErrorMessage title={messages.profiles.loadFailed} detail={profile.error.message} />
      ) : (
        <ProfileForm
          defaultValues={{
            education: profile.data?.education ?? '',
            address: profile.data?.address ?? '',
            city: profile.data?.city ?? '',
            phone: profile.data?.phone ?? '',
            linkedin: profile.data?.linkedin ?? '',
            img: profile.data?.img ?? '',
            country: profile.data?.country ?? '',
            region: profile.data?.region ?? '',
            postalCode: profile.data?.postalCode ?? '',
          }}
          onSubmit={async (input) => {
            try {
              await update.mutateAsync(input);
              await navigate(paths.dashboard.myProfile.href());
            } catch {
              // The toast says it failed; the form keeps the text.
            }
          }}
        />
      )}
    </ContentLayout>
  );
}
