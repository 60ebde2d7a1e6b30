import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/content-layout';
import { ErrorMessage } from '@/components/error-message';
import { Spinner } from '@/components/spinner';
import { useProfile } from '@/features/profiles/api/profile';
import { ProfileDetails } from '@/features/profiles/components/profile-details';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/** /dashboard and /dashboard/myprofile: who is signed in and their saved profile; editing is /updateprofile. */
export function MyProfileRoute() {
  const { user, isAdmin } = useSession();
  const profile = useProfile(user?.email ?? '');
  if (!user) return null;
  return (
    <ContentLayout title={messages.dashboard.myProfile} lead={messages.dashboard.welcome(user.name)}>
      <div className="flex max-w-xl flex-col gap-6 rounded-box bg-base-200 p-6 sm:flex-row">
        {profile.data?.img ? (
          <img src={profile.data.img} alt="" className="h-24 w-24 shrink-0 rounded-full object-cover" />
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="font-semibold">{messages.dashboard.profileName}</dt>
          <dd>{user.name}</dd>
          <dt className="font-semibold">{messages.dashboard.profileEmail}</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="font-semibold">{messages.dashboard.profileRole}</dt>
          <dd>{isAdmin ? messages.dashboard.roleAdmin : messages.dashboard.roleCustomer}</dd>
          {profile.isSuccess ? <ProfileDetails profile={profile.data} /> : null}
        </dl>
      </div>
      {profile.isPending ? <Spinner size="sm" /> : null}
      {profile.isError ? (
        <ErrorMessage title={messages.profiles.loadFailed} detail={profile.error.message} />
      ) : null}
      <Link to={paths.updateProfile.href()} className="btn btn-primary mt-6">
        {messages.dashboard.updateProfile}
      </Link>
    </ContentLayout>
  );
}
