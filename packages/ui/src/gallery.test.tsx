import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  DOUBLE_TAP_DELAY,
  DOUBLE_TAP_ZOOM_SCALE,
  GALLERY_SWIPE_THRESHOLD,
  GALLERY_TRANSITION,
  MEDIA_IMAGE_THUMB_WIDTH,
  MEDIA_VIDEO_POSTER,
} from './constants';
import { Gallery, parseVideoUrl, thumbnailSize, toSlides, type GalleryItem } from './gallery';

const items: GalleryItem[] = [
  { src: '/a.jpg', alt: 'Lake' },
  { src: '/b.jpg', alt: 'Mountains' },
  { video_url: 'https://youtu.be/dQw4w9WgXcQ', alt: 'Tour video' },
];

describe('media helpers', () => {
  it('uses the SPEC constants', () => {
    expect(GALLERY_SWIPE_THRESHOLD).toBe(100);
    expect(GALLERY_TRANSITION).toBe(300);
    expect(DOUBLE_TAP_DELAY).toBe(300);
    expect(DOUBLE_TAP_ZOOM_SCALE).toBe(2);
    expect(thumbnailSize('image')).toEqual({ width: MEDIA_IMAGE_THUMB_WIDTH });
    expect(MEDIA_IMAGE_THUMB_WIDTH).toBe(1200);
    expect(thumbnailSize('video')).toEqual({ width: 374, height: 500 });
    expect(MEDIA_VIDEO_POSTER).toEqual({ width: 374, height: 500 });
  });

  it('embeds YouTube and Vimeo with enablejsapi=1 and RuTube as a third provider', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toMatchObject({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    );
    expect(parseVideoUrl('https://youtube.com/shorts/dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({
      provider: 'vimeo',
      embedUrl: 'https://player.vimeo.com/video/76979871?enablejsapi=1',
    });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.id).toBe('76979871');
    expect(parseVideoUrl('https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/')).toMatchObject({
      provider: 'rutube',
      embedUrl: 'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4',
    });
    expect(parseVideoUrl('https://example.com/video.mp4')).toBeNull();
    expect(parseVideoUrl('not a url')).toBeNull();
  });

  it('turns items into image and embed slides', () => {
    expect(toSlides(items)).toEqual([
      { src: '/a.jpg', alt: 'Lake' },
      { src: '/b.jpg', alt: 'Mountains' },
      { type: 'embed', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1', title: 'Tour video' },
    ]);
  });
});

describe('Gallery', () => {
  it('requests image thumbnails 1200 wide and video posters 374x500', () => {
    const thumbnailUrl = vi.fn(
      (url: string, size: { width: number; height?: number }) =>
        `${url}?w=${size.width}${size.height ? `&h=${size.height}` : ''}`,
    );
    render(<Gallery items={items} thumbnailUrl={thumbnailUrl} label="Photos" />);
    const images = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('presentation', { hidden: true });
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/a.jpg?w=1200',
      '/b.jpg?w=1200',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg?w=374&h=500',
    ]);
  });

  it('opens on a thumbnail, moves with the arrow keys and closes on Escape', async () => {
    const onIndexChange = vi.fn();
    render(<Gallery items={items} onIndexChange={onIndexChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Mountains' }));
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByRole('img', { name: 'Mountains' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(onIndexChange).toHaveBeenLastCalledWith(2));
    expect(await within(viewer).findByTitle('Tour video')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    );
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(onIndexChange).toHaveBeenLastCalledWith(1));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Media viewer' })).toBeNull());
  });

  it('moves on a horizontal swipe over 100 px only', async () => {
    const onIndexChange = vi.fn();
    render(<Gallery items={items} onIndexChange={onIndexChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Lake' }));
    const viewer = await screen.findByRole('dialog', { name: 'Media viewer' });
    const target = within(viewer).getByRole('img', { name: 'Lake' });
    await waitFor(() => expect(onIndexChange).toHaveBeenLastCalledWith(0));
    // virtual time: whatever a swipe sets off within the transition has run, however busy the machine
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const swipe = (dx: number) =>
      act(() => {
        fireEvent.pointerDown(target, { clientX: 300, clientY: 100 });
        fireEvent.pointerUp(target, { clientX: 300 - dx, clientY: 100 });
        vi.advanceTimersByTime(GALLERY_TRANSITION + 50);
      });
    onIndexChange.mockClear();
    swipe(100);
    expect(onIndexChange).not.toHaveBeenCalled();
    swipe(101);
    expect(onIndexChange.mock.calls).toEqual([[1]]);
  });
});
