import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingState } from './status';

// Heavy widgets load on first render so screens that do not use them (login) do not pay.
const GalleryImpl = lazy(() => import('./gallery').then((m) => ({ default: m.Gallery })));
const MediaViewerImpl = lazy(() => import('./gallery').then((m) => ({ default: m.MediaViewer })));
const CalendarImpl = lazy(() => import('./calendar').then((m) => ({ default: m.Calendar })));
const DatePickerImpl = lazy(() => import('./calendar').then((m) => ({ default: m.DatePicker })));
const CarouselImpl = lazy(() => import('./carousel').then((m) => ({ default: m.Carousel })));

export type LazyGalleryProps = ComponentProps<typeof GalleryImpl>;
export type LazyMediaViewerProps = ComponentProps<typeof MediaViewerImpl>;
export type LazyCalendarProps = ComponentProps<typeof CalendarImpl>;
export type LazyDatePickerProps = ComponentProps<typeof DatePickerImpl>;
export type LazyCarouselProps = ComponentProps<typeof CarouselImpl>;

export function LazyGallery(props: LazyGalleryProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <GalleryImpl {...props} />
    </Suspense>
  );
}

export function LazyMediaViewer(props: LazyMediaViewerProps) {
  return (
    <Suspense fallback={null}>
      <MediaViewerImpl {...props} />
    </Suspense>
  );
}

export function LazyCalendar(props: LazyCalendarProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <CalendarImpl {...props} />
    </Suspense>
  );
}

export function LazyDatePicker(props: LazyDatePickerProps) {
  return (
    <Suspense fallback={<div className="h-10 w-full animate-pulse rounded-lg bg-neutral-100" />}>
      <DatePickerImpl {...props} />
    </Suspense>
  );
}

export function LazyCarousel(props: LazyCarouselProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <CarouselImpl {...props} />
    </Suspense>
  );
}
