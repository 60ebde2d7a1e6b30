import { zodResolver } from '@hookform/resolvers/zod';
import { messages, profileInputSchema, type ProfileFormValues, type ProfileInput } from '@partsforge/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';

/**
 * Update Profile form (docs/requirements.md §5): education, address and city required with the spec's messages;
 * phone, LinkedIn and photo URL optional (http(s) links).
 */
export function ProfileForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues: ProfileFormValues;
  onSubmit: (input: ProfileInput) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues,
  });
  const submit = handleSubmit(onSubmit);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <FormField
        label={messages.profiles.education}
        error={errors.education?.message}
        {...register('education')}
      />
      <FormField label={messages.profiles.city} error={errors.city?.message} {...register('city')} />
      <div className="sm:col-span-2">
        <FormField
          label={messages.profiles.address}
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <FormField
        label={messages.profiles.phone}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <FormField
        label={messages.profiles.linkedin}
        type="url"
        error={errors.linkedin?.message}
        {...register('linkedin')}
      />
      <div className="sm:col-span-2">
        <FormField
          label={messages.profiles.photo}
          type="url"
          error={errors.img?.message}
          {...register('img')}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {messages.profiles.save}
        </button>
      </div>
    </form>
  );
}
