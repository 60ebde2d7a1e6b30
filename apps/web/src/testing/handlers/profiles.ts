import { http, HttpResponse } from 'msw';
import type { TestUser } from './identity';

/** The fields of a saved profile (unset ones are null). */
export interface ProfileFields {
  education: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  linkedin: string | null;
  img: string | null;
}

/** A saved profile, as `GET /api/profile/{email}` lists it (with the user's name and email). */
export const savedProfileFixture: ProfileFields = {
  education: 'BSc Mechanical Engineering',
  address: '1 Depot Road',
  city: 'Springfield',
  phone: null,
  linkedin: null,
  img: null,
};

/** `GET /api/profile/{email}` of `user`: their saved profile, or an empty list before one is saved. */
export function profileHandler(user: TestUser, profile: ProfileFields | null = null) {
  return http.get(`/api/profile/${encodeURIComponent(user.email)}`, () =>
    HttpResponse.json(profile ? [{ _id: 'p1', name: user.name, email: user.email, ...profile }] : []),
  );
}
