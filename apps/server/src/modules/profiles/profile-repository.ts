/**
 * Profiles (docs/requirements.md §3: Profile; section 7: GET and PUT /profile/{email}): one row per user. This module
 * is the only writer of `profiles` (docs/design.md "Modules and tables"): others save to a profile through
 * saveContactDetails().
 */
import type { Profile, ProfileInput } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { profiles } from '../../db/schema/index.js';

/** The account a profile belongs to: its name and email always come from here. */
export interface ProfileOwner {
  id: string;
  name: string;
  email: string;
}

/** Profile reads and writes on one database. */
export interface ProfileRepository {
  /** The user's profile, or null when they have not saved one. */
  findByUserId(userId: string): Promise<Profile | null>;
  /** Creates or replaces the owner's profile; empty optional fields are stored as null. */
  upsert(owner: ProfileOwner, input: ProfileInput): Promise<void>;
}

/** Builds the profile repository on `db`. Database errors propagate. */
export function createProfileRepository(db: AppDatabase): ProfileRepository {
  return {
    async findByUserId(userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      if (!row) return null;
      const { id, name, email, education, address, city, phone, linkedin, img, country, region, postalCode } =
        row;
      return {
        _id: id,
        name,
        email,
        education,
        address,
        city,
        phone,
        linkedin,
        img,
        country,
        region,
        postalCode,
      };
    },
    async upsert(owner, input) {
      const values = {
        name: owner.name,
        email: owner.email,
        education: input.education,
        address: input.address,
        city: input.city,
        phone: input.phone || null,
        linkedin: input.linkedin || null,
        img: input.img || null,
        country: input.country ? input.country.toUpperCase() : null,
        region: input.region || null,
        postalCode: input.postalCode || null,
      };
      await db
        .insert(profiles)
        .values({ userId: owner.id, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
    },
  };
}

/** What a checkout's "save to profile" keeps (docs/requirements.md §11): the account's name and email, the ship-to. */
export interface ContactDetails {
  userId: string;
  /** The account's name and email: stored only when the user has no profile yet (a profile's own are the account's). */
  name: string;
  email: string;
  address: string;
  /** Empty or null: no phone. */
  phone: string | null;
}

/**
 * Saves `details` to the user's profile in `tx` (the caller's transaction, e.g. the checkout's, so the profile
 * changes exactly when the order is placed): creates the profile with the name, email, address and phone, or
 * replaces the address and phone of the existing one, leaving its other fields as they were. One upsert on the
 * profile's unique user id, so two concurrent saves cannot create two profiles.
 */
export async function saveContactDetails(
  tx: AppDatabase,
  { userId, name, email, address, phone }: ContactDetails,
): Promise<void> {
  const values = { address, phone: phone || null };
  await tx
    .insert(profiles)
    .values({ userId, name, email, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
}
