import { messages } from '@partsforge/shared/messages';
import type { Profile } from '@partsforge/shared/profiles';
import type { ReactNode } from 'react';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/** The saved profile's fields (docs/requirements.md §3: Profile) as a definition list; unset ones say so. */
export function ProfileDetails({ profile }: { profile: Profile | null }) {
  const show = (value: string | null | undefined) =>
    value ? value : <span className="text-base-content/70">{messages.profiles.notSet}</span>;
  return (
    <>
      <Row label={messages.profiles.education}>{show(profile?.education)}</Row>
      <Row label={messages.profiles.address}>{show(profile?.address)}</Row>
      <Row label={messages.profiles.city}>{show(profile?.city)}</Row>
      <Row label={messages.profiles.phone}>{show(profile?.phone)}</Row>
      <Row label={messages.profiles.linkedin}>
        {profile?.linkedin ? (
          <a href={profile.linkedin} className="link" rel="noopener noreferrer nofollow" target="_blank">
            {profile.linkedin}
          </a>
        ) : (
          show(null)
        )}
      </Row>
    </>
  );
}
