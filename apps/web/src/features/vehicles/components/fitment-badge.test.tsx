import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { closeGarageDialog, useGarageDialogOpen } from '../garage-dialog';
import { FitmentBadge } from './fitment-badge';
import { camryFixture } from '@/testing/api-fixtures';

const camry = camryFixture;

function DialogState() {
  return <p>{useGarageDialogOpen() ? 'dialog open' : 'dialog closed'}</p>;
}

describe('FitmentBadge (docs/requirements.md §12)', () => {
  it('names the vehicle a part fits, with the position and the note on a second line', () => {
    const { container } = render(
      <FitmentBadge
        part={{ universal: false, fitment: { status: 'fits', position: 'Front Left', note: 'With ABS' } }}
        vehicle={camry}
      />,
    );
    expect(container.textContent).toBe('Fits your 2019 Toyota Camry — Front LeftWith ABS');
    expect(screen.getByText('With ABS').className).toContain('block');
  });

  it('says "Universal fit" for a universal part, and nothing when the fit is not known', () => {
    const { container, rerender } = render(
      <FitmentBadge part={{ universal: true, fitment: { status: 'universal' } }} vehicle={camry} />,
    );
    expect(container.textContent).toBe('Universal fit');
    rerender(<FitmentBadge part={{ universal: true }} vehicle={camry} />);
    expect(container.textContent).toBe('Universal fit');
    rerender(<FitmentBadge part={{ universal: false }} vehicle={camry} />);
    expect(container.textContent).toBe('');
  });

  it('takes the fit from `fits` (the part page): "Does not fit your ..." or the row’s position', () => {
    const { container, rerender } = render(
      <FitmentBadge part={{ universal: false }} vehicle={camry} fits="no" />,
    );
    expect(container.textContent).toBe('Does not fit your 2019 Toyota Camry');
    rerender(
      <FitmentBadge part={{ universal: false }} vehicle={camry} fits="fits" position="Rear" note={null} />,
    );
    expect(container.textContent).toBe('Fits your 2019 Toyota Camry — Rear');
  });

  it('offers "Check fit" without a vehicle, which opens the My Garage dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p id="name">Brake pads</p>
        <FitmentBadge part={{ universal: false }} vehicle={null} describedBy="name" />
        <DialogState />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Check fit' });
    expect(button.getAttribute('aria-describedby')).toBe('name');
    expect(screen.getByText('dialog closed')).toBeTruthy();
    await user.click(button);
    expect(screen.getByText('dialog open')).toBeTruthy();
    closeGarageDialog();
  });
});
