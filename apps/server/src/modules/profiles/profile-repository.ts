/** Profiles (docs/requirements.md §3: Profile; section 7: GET and PUT /profile/{email}): one row per user. */
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
      const { id, name, email, education, address, city, phone, linkedin, img } = row;
      return { _id: id, name, email, education, address, city, phone, linkedin, img };
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
      };
      await db
        .insert(profiles)
        .values({ userId: owner.id, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
    },
  };
}
