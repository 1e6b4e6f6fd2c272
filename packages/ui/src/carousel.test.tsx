import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Carousel, carouselOptions, longSwipeStep } from './carousel';
import { CAROUSEL_DEFAULTS } from './constants';
import { LazyCarousel } from './lazy';

describe('Carousel', () => {
  it('defaults to speed 300 ms, swipe threshold 5, long-swipe ratio 0.5', () => {
    expect(CAROUSEL_DEFAULTS).toEqual({ speed: 300, swipeThreshold: 5, longSwipeRatio: 0.5 });
    expect(carouselOptions()).toMatchObject({ dragThreshold: 5, duration: 25 });
  });

  it('moves a slide on a drag longer than half a slide', () => {
    expect(longSwipeStep(-151, 300)).toBe(1);
    expect(longSwipeStep(151, 300)).toBe(-1);
    expect(longSwipeStep(150, 300)).toBe(0);
    expect(longSwipeStep(-40, 300)).toBe(0);
  });

  it('labels the carousel, its slides and its controls', () => {
    render(<Carousel label="Tour photos" slides={['One', 'Two', 'Three']} />);
    const region = screen.getByRole('region', { name: 'Tour photos' });
    expect(region).toHaveAttribute('aria-roledescription', 'Carousel');
    expect(
      within(region)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Slide 1 of 3', 'Slide 2 of 3', 'Slide 3 of 3']);
    expect(within(region).getByRole('button', { name: 'Previous slide' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
  });

  it('loads lazily', async () => {
    render(<LazyCarousel label="Lazy photos" slides={['One', 'Two']} />);
    expect(await screen.findByRole('region', { name: 'Lazy photos' })).toBeInTheDocument();
  });
});
