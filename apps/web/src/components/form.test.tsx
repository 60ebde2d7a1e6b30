import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred } from '@/testing/server';
import { Field, Form, FormAlert, SubmitButton, TextAreaField } from './form';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is Required'),
  note: z.string().max(5, 'Note is too long'),
});

function renderForm(onSubmit: (values: z.output<typeof schema>) => unknown, resetAfterSubmit = false) {
  render(
    <Form
      schema={schema}
      defaultValues={{ name: '', note: '' }}
      onSubmit={onSubmit}
      resetAfterSubmit={resetAfterSubmit}
    >
      <Field name="name" label="Name" />
      <TextAreaField name="note" label="Note" />
      <FormAlert />
      <SubmitButton>{(submitting) => (submitting ? 'Saving…' : 'Save')}</SubmitButton>
    </Form>,
  );
  return userEvent.setup();
}

describe('Form', () => {
  it("shows the schema's messages under the labelled fields and does not submit", async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Note'), 'far too long');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Name is Required',
    );
    const note = screen.getByLabelText('Note');
    expect(note.tagName).toBe('TEXTAREA');
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Note is too long',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed values and disables the button while the submit runs', async () => {
    const saved = deferred();
    const onSubmit = vi.fn(() => saved.promise);
    const user = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Name'), '  Ann  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const pending = await screen.findByRole('button', { name: 'Saving…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', note: '' }, expect.anything());
    saved.resolve();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows what the submit threw until the next valid submit', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new Error('The server said no'))
      .mockResolvedValue(undefined);
    const user = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The server said no');
    expect(alert.className).toContain('text-error');

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is Required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The server said no');

    await user.type(screen.getByLabelText('Name'), 'Bea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('with resetAfterSubmit, clears the fields once saved and keeps them when the submit fails', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('Offline')).mockResolvedValue(undefined);
    const user = renderForm(onSubmit, true);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await user.type(name, 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(name.value).toBe('Ann');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name.value).toBe(''));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
