import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewCard } from './review-card';

const review = {
  _id: 'rev-9',
  name: 'Rita van Dam',
  img: 'https://example.com/rita.png',
  description: 'Quick delivery of 40 wiper blades.',
  rating: 5,
  partId: null,
};

describe('ReviewCard', () => {
  it("shows the reviewer's picture", () => {
    render(<ReviewCard review={review} />);
    expect(screen.getByRole('img', { name: 'Rita van Dam' }).getAttribute('src')).toBe(review.img);
  });

  it('falls back to the initials when the picture does not load, instead of a broken image', () => {
    render(<ReviewCard review={review} />);
    fireEvent.error(screen.getByRole('img', { name: 'Rita van Dam' }));
    const avatar = screen.getByRole('img', { name: 'Rita van Dam' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('RD');
  });
});
