import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';

describe('Blogs page', () => {
  it('shows the five questions, each as a heading over its answer', async () => {
    renderApp('/blogs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Blogs' })).toBeTruthy();
    const questions = screen
      .getAllByRole('heading', { level: 2 })
      .filter((heading) => heading.closest('article'));
    expect(questions.map((heading) => heading.textContent)).toEqual([
      'How will you improve the performance of a React application?',
      'What are the different ways to manage a state in a React application?',
      'How does prototypal inheritance work?',
      'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
      'What is a unit test? Why should we write unit tests?',
    ]);
    for (const article of screen.getAllByRole('article')) {
      // Every answer has several paragraphs of real text.
      const paragraphs = within(article).getAllByText((_, element) => element?.tagName === 'P');
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(article.textContent!.length).toBeGreaterThan(1000);
    }
    await waitFor(() => expect(document.title).toBe('Blogs | PartsForge'));
  });
});
