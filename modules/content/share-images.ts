// Link previews: WhatsApp and others are unreliable with WebP and
// crop to about 1.91:1, so pages share a 1200×630 JPEG made from the stored image.
export const SHARE_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

export const shareImageKinds = ["products", "posts", "categories"] as const;
export type ShareImageKind = (typeof shareImageKinds)[number];

/** Bumped when the picture's design changes, so caches that kept the old one fetch again. */
export const SHARE_IMAGE_DESIGN = "1";

/** The branded picture for pages and records without an image of their own. */
export const DEFAULT_SHARE_IMAGE_PATH = `/og/default.jpg?v=${SHARE_IMAGE_DESIGN}`;

/** `version` changes with the record's image, so the URL can be cached for a year. */
export const shareImagePath = (kind: ShareImageKind, id: string, version: string) => `/og/${kind}/${id}.jpg?v=${version}`;
