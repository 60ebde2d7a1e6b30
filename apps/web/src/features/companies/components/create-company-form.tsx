import {
  COMPANY_NAME_MAX_LENGTH,
  createCompanySchema,
  TAX_ID_MAX_LENGTH,
} from '@partsforge/shared/companies';
import { Field, Form, FormAlert, SubmitButton } from '@/components/form';
import { useCreateCompany } from '../api/create-company';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * Create a company (docs/requirements.md §14 "Company accounts"): Company name and an optional Tax ID; the
 * customer becomes its owner. The server's refusal (e.g. already in a company) shows under the form.
 */
export function CreateCompanyForm() {
  const createCompany = useCreateCompany();
  return (
    <section aria-labelledby="create-company-heading" className="max-w-xl">
      <h2 id="create-company-heading" className="text-xl font-semibold">
        {text.createHeading}
      </h2>
      <p className="mt-1 mb-4 text-base-content/80">{text.createLead}</p>
      <Form
        schema={createCompanySchema}
        defaultValues={{ name: '', taxId: '' }}
        onSubmit={(input) => createCompany.mutateAsync(input)}
        className="flex flex-col gap-4"
      >
        <Field
          name="name"
          label={text.nameLabel}
          autoComplete="organization"
          maxLength={COMPANY_NAME_MAX_LENGTH}
        />
        <Field name="taxId" label={text.taxIdLabel} maxLength={TAX_ID_MAX_LENGTH} />
        <FormAlert />
        <SubmitButton>{(submitting) => (submitting ? text.creating : text.create)}</SubmitButton>
      </Form>
    </section>
  );
}
