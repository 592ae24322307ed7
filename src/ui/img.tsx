import type { Image } from '../config/schema-types.ts';

/** Always sized (no layout shift); lazy unless it is above the fold. */
export function Img({ image, className, priority, sizes }: { image: Image; className?: string; priority?: boolean; sizes?: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      sizes={sizes}
    />
  );
}
