interface ImportMetaEnv {
  /** true in the production browser build, whose renderer is Preact (scripts/vite-browser-preact.ts) */
  readonly BROWSER_PREACT?: boolean;
}
