/**
 * The package version, baked in by the build (build/bundle.mjs replaces the token with
 * package.json's version). Running from source (vitest) has no build step, hence the
 * fallback.
 */
declare const __STOPLINE_VERSION__: string | undefined;

export const VERSION: string = typeof __STOPLINE_VERSION__ === 'string' ? __STOPLINE_VERSION__ : '0.0.0-dev';
export const NAME = 'stopline';
