type Variant = { url: string; width: number; height: number };

type Props = {
  images: Variant[];
  fallbackUrl?: string | null;
  alt: string;
  sizes: string;
  className?: string;
  /** the largest image of the page: eager, high priority */
  priority?: boolean;
};

/** WebP variants with srcset/sizes and explicit dimensions (no layout shift). */
export function ResponsiveImage({ images, fallbackUrl, alt, sizes, className = "", priority = false }: Props) {
  const largest = images[images.length - 1];
  if (!largest && !fallbackUrl) return <ImagePlaceholder className={className} />;
  return (
    <img
      src={largest?.url ?? fallbackUrl!}
      srcSet={images.length > 1 ? images.map((v) => `${v.url} ${v.width}w`).join(", ") : undefined}
      sizes={images.length > 1 ? sizes : undefined}
      width={largest?.width ?? 1024}
      height={largest?.height ?? 1024}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={className}
    />
  );
}

export function ImagePlaceholder({ className = "" }: { className?: string }) {
  return (
    <div
      className={`flex aspect-square items-center justify-center bg-gradient-to-br from-blush to-sage-soft ${className}`}
      role="img"
      aria-label="No image yet"
    >
      <svg viewBox="0 0 40 40" width="48" height="48" aria-hidden="true">
        <path d="M20 9c4 4 5 9 0 17-5-8-4-13 0-17z" fill="#a3435a" opacity=".5" />
      </svg>
    </div>
  );
}
