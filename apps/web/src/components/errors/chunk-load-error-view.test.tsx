import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadErrorView } from './chunk-load-error-view';

describe('ChunkLoadErrorView', () => {
  it('names the failed chunk and reloads the page on request', async () => {
    const onReload = vi.fn();
    render(<ChunkLoadErrorView chunk="blogs" onReload={onReload} />);

    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Loading chunk blogs failed' })).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
