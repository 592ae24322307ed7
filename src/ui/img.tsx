import type { Image } from '../../core/site/schema-types.ts';
import { srcsetFor } from '../../core/images/srcset.ts';

/**
 * Always sized (no layout shift); lazy unless it is above the fold.
 * With `sizes`, a local WebP also gets the srcset of the widths the build renders; without a srcset, `sizes` is invalid HTML and is dropped.
 */
export function Img({ image, className, priority, sizes }: { image: Image; className?: string; priority?: boolean; sizes?: string }) {
  const srcSet = sizes ? srcsetFor(image) : undefined;
  // loading, srcset and sizes before src: a browser creating the element then fetches the right file, once
  return (
    <img
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
    />
  );
}
