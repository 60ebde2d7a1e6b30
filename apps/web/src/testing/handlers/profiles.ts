import { http, HttpResponse } from 'msw';
import type { TestUser } from './identity';

/** A saved profile, as `GET /api/profile/{email}` lists it (with the user's name and email). */
export const savedProfileFixture = {
  education: 'BSc Mechanical Engineering',
  address: '1 Depot Road',
  city: 'Springfield',
  phone: null,
  linkedin: null,
  img: null,
};

/** `GET /api/profile/{email}` of `user`: their saved profile, or an empty list before one is saved. */
export function profileHandler(user: TestUser, profile: typeof savedProfileFixture | null = null) {
  return http.get(`/api/profile/${encodeURIComponent(user.email)}`, () =>
    HttpResponse.json(profile ? [{ _id: 'p1', name: user.name, email: user.email, ...profile }] : []),
  );
}
