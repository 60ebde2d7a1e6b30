import { render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/render-app';
import { AppProvider } from './provider';

describe('AppProvider', () => {
  it('shows a toast raised before its lazily loaded toast outlet is on the page', async () => {
    // The toast is raised synchronously after the first render: the outlet mounts only once the page is idle.
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <p>Page</p>
      </AppProvider>,
    );
    toast.success('Successfull placed order');

    expect(await screen.findByText('Successfull placed order')).toBeTruthy();
  });
});
