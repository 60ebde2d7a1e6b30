import { messages } from '@partsforge/shared/messages';
import { profileInputSchema, type ProfileFormValues, type ProfileInput } from '@partsforge/shared/profiles';
import { Field, Form, SubmitButton } from '@/components/form';

/**
 * Update Profile form (docs/requirements.md §5): education, address and city required with the spec's messages;
 * phone, LinkedIn and photo URL optional (http(s) links); state, postal code and country optional, for delivery and
 * tax by destination (docs/requirements.md §16).
 */
export function ProfileForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues: ProfileFormValues;
  onSubmit: (input: ProfileInput) => Promise<void>;
}) {
  return (
    <Form
      schema={profileInputSchema}
      defaultValues={defaultValues}
      onSubmit={(input) => onSubmit(input)}
      className="grid max-w-2xl gap-4 sm:grid-cols-2"
    >
      <Field name="education" label={messages.profiles.education} />
      <Field name="city" label={messages.profiles.city} />
      <div className="sm:col-span-2">
        <Field name="address" label={messages.profiles.address} />
      </div>
      <Field name="region" label={messages.shippingPages.profileRegion} autoComplete="address-level1" />
      <Field name="postalCode" label={messages.shippingPages.profilePostalCode} autoComplete="postal-code" />
      <Field name="country" label={messages.shippingPages.profileCountry} autoComplete="country" />
      <Field name="phone" label={messages.profiles.phone} type="tel" autoComplete="tel" />
      <Field name="linkedin" label={messages.profiles.linkedin} type="url" />
      <div className="sm:col-span-2">
        <Field name="img" label={messages.profiles.photo} type="url" />
      </div>
      <div>
        <SubmitButton>{messages.profiles.save}</SubmitButton>
      </div>
    </Form>
  );
}
